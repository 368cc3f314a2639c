import { z } from 'zod';

/** Everything that names the product or points outside it; one object, never scattered literals. */
export const BrandSchema = z.object({
  /** Short product name: accounts are `user@<productName>.id`, API paths start `/<productName>-id`. */
  productName: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'lowercase letters, digits and dashes'),
  ministryName: z.string().min(2),
  helpCentreUrl: z.url(),
  /** The admin portal: this app's own `/admin` by default, or an external address (SPEC §2). */
  adminPortalUrl: z.union([z.url(), z.string().regex(/^\/[a-z0-9\-/]*$/)]),
  chromebookHelpUrl: z.url(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const DEFAULT_BRAND: Brand = {
  productName: 'belajar',
  ministryName: 'Kemendikdasmen',
  helpCentreUrl: 'https://pusatbantuan.belajar.id/',
  adminPortalUrl: '/admin',
  chromebookHelpUrl: 'https://pusatbantuan.belajar.id/chromebook',
};

/** The account domain, e.g. `belajar.id`. */
export const accountDomain = (brand: Pick<Brand, 'productName'>): string =>
  `${brand.productName}.id`;

/** The prefix of every API path of SPEC §7, e.g. `/belajar-id`. */
export const apiPrefix = (brand: Pick<Brand, 'productName'>): string => `/${brand.productName}-id`;

/** Default page title of SPEC §9. */
export const defaultPageTitle = (brand: Brand): string =>
  `Akun ${accountDomain(brand)} | ${brand.ministryName}`;
