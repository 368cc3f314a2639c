import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAnnouncement } from './announcement-markdown';

/** Puts the HTML into the document, as the bar does, and lets any handler have its chance. */
async function mount(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as { __pwned?: unknown }).__pwned;
});

describe('an announcement rendered from Markdown', () => {
  it('keeps bold text, lists and links, which open in a new tab without the opener', () => {
    const html = renderAnnouncement(
      'Pusat Bantuan **libur** pada 17 Agustus.\n\n- satu\n- dua\n\n[Info](https://example.org/a "Judul") dan <mailto:bantuan@example.org>',
    );
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('strong')?.textContent).toBe('libur');
    expect(host.querySelectorAll('li')).toHaveLength(2);
    const [web, mail] = [...host.querySelectorAll('a')];
    expect(web?.getAttribute('href')).toBe('https://example.org/a');
    expect(web?.getAttribute('title')).toBe('Judul');
    expect(web?.getAttribute('target')).toBe('_blank');
    expect(web?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mail?.getAttribute('href')).toBe('mailto:bantuan@example.org');
  });

  it('takes HTML as well, keeping only the harmless part', () => {
    const html = renderAnnouncement(
      '<p>Layanan <b>normal</b> <span style="color:red">lagi</span></p>',
    );
    expect(html).toBe('<p>Layanan <b>normal</b> lagi</p>');
  });

  it('leaves a script, an onerror image and javascript: links inert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 2">',
      '[klik](javascript:window.__pwned=3)',
      '<a href="javascript:window.__pwned=4">klik</a>',
      '<a href=" JaVaScRiPt:window.__pwned=5">klik</a>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
      '<svg><g onload="window.__pwned=6"></g></svg>',
      '<iframe src="javascript:window.__pwned=7"></iframe>',
      '<div onmouseover="window.__pwned=8">arahkan</div>',
    ].join('\n\n');
    const html = renderAnnouncement(hostile);
    expect(html).not.toMatch(/<script|<img|<svg|<iframe|onerror|onload|onmouseover|javascript:/i);
    const host = await mount(html);
    for (const link of host.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data):/i);
      link.click();
    }
    host.querySelector('div')?.dispatchEvent(new MouseEvent('mouseover'));
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    // The link texts stay, so the reader still sees what was written.
    expect(host.textContent).toContain('klik');
  });
});
