import type { ConsoleSection } from './staff';

/**
 * The web app's routes (SPEC §2). The API serves the app's shell for these with 200 and for any
 * other path with 404 (the not-found page still renders); `prerender` routes ship as HTML.
 */
export type WebRoute = {
  path: string;
  layout: 'portal-2025' | 'blank';
  prerender: boolean;
  requiresSignIn: boolean;
};

/**
 * The account holder's home: one page per section, the first at `/profile` itself.
 * The web's section menu lists them in this order; a new section is one entry here and one in
 * the web's `PROFILE_SECTIONS`.
 */
export const PROFILE_SECTION_PAGES = {
  account: '/profile',
  'personal-email': '/profile/email-pribadi',
  password: '/profile/kata-sandi',
  /** The second factor, its passkeys and recovery codes. */
  'sign-in-methods': '/profile/metode-masuk',
  sessions: '/profile/perangkat',
  /** The platforms holding a grant of the person, each withdrawn there. */
  platforms: '/profile/platform-terhubung',
  data: '/profile/data-saya',
} as const;
export type ProfileSection = keyof typeof PROFILE_SECTION_PAGES;

/** The console's page of the signed-in member's own account (its passkeys). */
export const CONSOLE_OWN_ACCOUNT_PAGE = '/konsol/akun';

export const CONNECTED_PLATFORMS_PAGE = PROFILE_SECTION_PAGES.platforms;

/** Each console section's page, in the console's order. */
export const CONSOLE_SECTION_PAGES = {
  'office-requests': '/konsol/pengajuan-dinas',
  'referral-codes': '/konsol/kode-referral',
  announcements: '/konsol/pengumuman',
  toggles: '/konsol/fitur',
  statistics: '/konsol/statistik',
  deletions: '/konsol/penghapusan',
  staff: '/konsol/staf',
  audit: '/konsol/audit',
  platforms: '/konsol/platform',
} as const satisfies Record<ConsoleSection, string>;

export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/home', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/account/lookup/v2', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/account/dinas', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  // The deletion notice's report link: its token is read in the browser only, so the
  // page is prerendered with its title and its form comes as a part.
  {
    path: '/account/deletion-report',
    layout: 'portal-2025',
    prerender: true,
    requiresSignIn: false,
  },
  { path: '/auth/logout/callback', layout: 'blank', prerender: false, requiresSignIn: false },
  { path: '/webinar', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/resources', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/faq', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  { path: '/oldhomepage', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  // The reset's state is this tab's (and the e-mail link's fragment): read in the browser only,
  // so the pages are prerendered with their titles and their forms come as parts.
  { path: '/reset-password/otp', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  {
    path: '/reset-password/new-password',
    layout: 'portal-2025',
    prerender: true,
    requiresSignIn: false,
  },
  // The account holder's home and its sections, in the portal's layout (0268).
  ...Object.values(PROFILE_SECTION_PAGES).map((path) => ({
    path,
    layout: 'portal-2025' as const,
    prerender: false,
    requiresSignIn: true,
  })),
  { path: '/eligible/peserta-didik', layout: 'blank', prerender: false, requiresSignIn: true },
  // The school admin portal, in this app unless ADMIN_PORTAL_URL points elsewhere.
  { path: '/admin', layout: 'blank', prerender: false, requiresSignIn: true },
  // The school admin's printed sign-in badges, beside the portal.
  { path: '/admin/kartu-masuk', layout: 'blank', prerender: false, requiresSignIn: true },
  // The ministry's console: staff with their second factor; one page per section,
  // and where a section has items, one page per item.
  { path: '/konsol', layout: 'blank', prerender: false, requiresSignIn: true },
  ...Object.values(CONSOLE_SECTION_PAGES).map((path) => ({
    path,
    layout: 'blank' as const,
    prerender: false,
    requiresSignIn: true,
  })),
  {
    path: `${CONSOLE_SECTION_PAGES['office-requests']}/:id`,
    layout: 'blank',
    prerender: false,
    requiresSignIn: true,
  },
  {
    path: `${CONSOLE_SECTION_PAGES.staff}/:id`,
    layout: 'blank',
    prerender: false,
    requiresSignIn: true,
  },
  // One registered platform: its settings, secret rotation, disabling.
  {
    path: `${CONSOLE_SECTION_PAGES.platforms}/:clientId`,
    layout: 'blank',
    prerender: false,
    requiresSignIn: true,
  },
  // The member's own account (their passkeys), whatever their roles.
  { path: CONSOLE_OWN_ACCOUNT_PAGE, layout: 'blank', prerender: false, requiresSignIn: true },
  // The staff invitation's link (STAFF_INVITATION_PAGE): its token is read in the browser only.
  { path: '/konsol/undangan', layout: 'blank', prerender: false, requiresSignIn: false },
  { path: '/privacy-policy', layout: 'portal-2025', prerender: true, requiresSignIn: false },
  // How the service performs, for anyone.
  { path: '/statistik', layout: 'portal-2025', prerender: true, requiresSignIn: false },
];

/** A route path as a pattern: `:name` stands for one path segment. */
const routePattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/** `//home` in SPEC §2 is the older home; browsers collapse the double slash to `/home`. */
export const isKnownWebPath = (pathname: string): boolean => {
  const normalised = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return WEB_ROUTES.some((route) => routePattern(route.path).test(normalised));
};
