import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Imported on demand only (the bar's dynamic import, the console's lazy route): the parser and
// the sanitiser never weigh on a page's first JavaScript (decision 0228).

const markdown = new Marked({ gfm: true, breaks: true });

// What a line or two of announcement needs; no images, forms, frames, styles or scripts.
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'del',
  'code',
  'a',
  'ul',
  'ol',
  'li',
];
const ALLOWED_ATTR = ['href', 'title'];
// Only web and mail links: javascript:, data: and the like are removed with their href.
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:)/i;

// Made at the first render: the prerender build loads this module where there is no window.
let purify: ReturnType<typeof DOMPurify> | undefined;
function sanitiser() {
  if (!purify) {
    purify = DOMPurify(window);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purify;
}

/**
 * An announcement's description (Markdown, or HTML as SPEC §3 allows) as HTML that runs
 * nothing, whatever staff typed: the bar and the console's preview show this, and only this.
 */
export function renderAnnouncement(description: string): string {
  const html = markdown.parse(description, { async: false });
  return sanitiser().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP });
}
