import { brand } from '~/config';
import type { FaqLinkKey } from './faq-items';

export type FaqLinkTarget = { href: string; external: boolean };

/** In-site paths and brand links a FAQ answer may point to. */
export const FAQ_LINK_TARGETS: Record<FaqLinkKey, FaqLinkTarget> = {
  lookup: { href: '/account/lookup/v2', external: false },
  officeRequest: { href: '/account/dinas', external: false },
  resources: { href: '/resources', external: false },
  activation: { href: '/resources#aktivasi-akun', external: false },
  studentRequestGuide: { href: '/resources#panduan-akun-peserta-didik', external: false },
  webinar: { href: '/webinar', external: false },
  privacy: { href: '/privacy-policy', external: false },
  helpCentre: { href: brand.helpCentreUrl, external: true },
  adminPortal: { href: brand.adminPortalUrl, external: true },
  chromebook: { href: brand.chromebookHelpUrl, external: true },
};
