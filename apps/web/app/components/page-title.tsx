import { defaultPageTitle } from '@portal/contracts/brand';
import { brand } from '~/config';

/** Sets the document title: the page's own title followed by the default title of SPEC §9. */
export function PageTitle({ title }: { title?: string }) {
  const base = defaultPageTitle(brand);
  return <title>{title ? `${title} | ${base}` : base}</title>;
}
