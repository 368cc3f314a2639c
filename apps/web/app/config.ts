import { DEFAULT_BRAND, accountDomain, apiPrefix } from '@portal/contracts/brand';
import type { Brand } from '@portal/contracts/brand';

/**
 * The only module that reads `import.meta.env`: brand and links of this build. The values are
 * validated with the brand schema when the build starts (vite.config.ts), so zod stays out of
 * the browser's initial JavaScript.
 */
const env = import.meta.env;

const pick = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

export const brand: Brand = {
  productName: pick(env.VITE_PRODUCT_NAME, DEFAULT_BRAND.productName),
  ministryName: pick(env.VITE_MINISTRY_NAME, DEFAULT_BRAND.ministryName),
  helpCentreUrl: pick(env.VITE_HELP_CENTRE_URL, DEFAULT_BRAND.helpCentreUrl),
  adminPortalUrl: pick(env.VITE_ADMIN_PORTAL_URL, DEFAULT_BRAND.adminPortalUrl),
  chromebookHelpUrl: pick(env.VITE_CHROMEBOOK_HELP_URL, DEFAULT_BRAND.chromebookHelpUrl),
};

export const webConfig = {
  domain: accountDomain(brand),
  apiBase: pick(env.VITE_API_BASE, '') + apiPrefix(brand),
  /**
   * The published sheet of the webinar recordings (`VITE_WEBINAR_SHEET_URL`, filled by the
   * operator); null while none is, and the pages then say so (decision 0253).
   */
  webinarRecordingsUrl: pick(env.VITE_WEBINAR_SHEET_URL, '') || null,
  /** The series' sessions as a page of the portal: same origin, offline and under a strict CSP. */
  webinarSessionsUrl: '/webinar-sessions.html',
  /** Our own summary of the account rules (scripts/generate-regulation-pdf.ts), not the regulation. */
  regulationPdfUrl: '/regulasi-akun-belajar-id.pdf',
  /**
   * The day the published privacy policy took effect (`VITE_PRIVACY_EFFECTIVE_DATE`, checked by
   * vite.config.ts: never a day after the build). The default is the day of this text's version.
   */
  privacyEffectiveDate: pick(env.VITE_PRIVACY_EFFECTIVE_DATE, '2026-11-24'),
  /** Only production builds register the worker; in development it would cache stale modules. */
  serviceWorker: env.PROD && env.VITE_SERVICE_WORKER !== 'off',
  /**
   * The sign-in provider's issuer, whose interaction and sign-out pages the web renders. The
   * portal's own session is the server's (decision 0287): the web holds no client of its own.
   */
  oidc: {
    issuer: pick(env.VITE_OIDC_ISSUER, '/oidc'),
  },
} as const;
