/** Who a guide or an app is for; labels live in `resources:audiences`. */
export type Audience = 'ptk' | 'pd' | 'dinas' | 'admin';

/** What a guide's button does: go to a page of this site, leave for a brand link, or open a modal. */
export type GuideAction =
  | { kind: 'route'; to: string }
  | { kind: 'brand'; link: 'adminPortalUrl' | 'chromebookHelpUrl' }
  | { kind: 'dialog'; dialog: 'reset' | 'studentRequest' };

export type Guide = {
  /** Anchor (`/resources#<id>`) and catalogue key (`resources:guides.items.<id>`): keep stable. */
  id: string;
  audiences: readonly Audience[];
  action: GuideAction;
};

export const ACTIVATION_ANCHOR = 'aktivasi-akun';
export const GUIDES_ANCHOR = 'panduan';
export const APPS_ANCHOR = 'katalog-aplikasi';

export const GUIDES: readonly Guide[] = [
  {
    id: 'panduan-cek-akun',
    audiences: ['ptk', 'pd'],
    action: { kind: 'route', to: '/account/lookup/v2' },
  },
  {
    id: 'panduan-reset-kata-sandi',
    audiences: ['ptk', 'pd', 'dinas'],
    action: { kind: 'dialog', dialog: 'reset' },
  },
  {
    id: 'panduan-ubah-email',
    audiences: ['ptk', 'pd'],
    action: { kind: 'route', to: '/account/lookup/v2' },
  },
  {
    id: 'panduan-akun-dinas',
    audiences: ['dinas'],
    action: { kind: 'route', to: '/account/dinas' },
  },
  {
    id: 'panduan-akun-peserta-didik',
    audiences: ['admin'],
    action: { kind: 'dialog', dialog: 'studentRequest' },
  },
  {
    id: 'panduan-portal-admin',
    audiences: ['admin'],
    action: { kind: 'brand', link: 'adminPortalUrl' },
  },
  {
    id: 'panduan-chromebook',
    audiences: ['ptk', 'pd'],
    action: { kind: 'brand', link: 'chromebookHelpUrl' },
  },
];

export type LearningApp = { id: string; audiences: readonly Audience[] };

/** Partner services of SPEC §1, named generically: the catalogue describes what each one does. */
export const LEARNING_APPS: readonly LearningApp[] = [
  { id: 'platform-pendidikan-nasional', audiences: ['ptk', 'dinas'] },
  { id: 'alat-3d-ar', audiences: ['ptk', 'pd'] },
  { id: 'alat-desain', audiences: ['ptk', 'pd'] },
  { id: 'rangkaian-aplikasi-awan', audiences: ['ptk', 'pd', 'dinas'] },
  { id: 'kuis-permainan', audiences: ['ptk', 'pd'] },
];
