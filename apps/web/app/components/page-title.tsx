import { defaultPageTitle } from '@portal/contracts/brand';
import { brand } from '~/config';

/**
 * The document title: the page's own title followed by the default title of SPEC §9. React 19
 * places a `<title>` rendered anywhere in the document's head, in the prerender and in the browser.
 */
export function PageTitle({ title }: { title?: string }) {
  const base = defaultPageTitle(brand);
  return <title>{title ? `${title} | ${base}` : base}</title>;
}
