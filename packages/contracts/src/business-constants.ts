/** Business constants of SPEC §9 and the security policy of DESIGN.md, shared by web and API. */
export const LOGIN_REFERENCE_COOKIE_DAYS = 1;
export const OTP_TOAST_MS = 10_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ANNOUNCEMENT_BAR_DELAY_MS = 2_000;
export const SERVICE_WORKER_UPDATE_CHECK_MS = 20_000;
export const BIRTH_YEAR_OPTIONS = 101;
export const CAROUSEL_AUTOPLAY_MS = 5_000;
export const MOBILE_BREAKPOINT_PX = 600;
export const MODAL_WIDTHS = {
  auth: 420,
  resetLookup: 380,
  help: 380,
  method: 360,
  iframe: 1080,
} as const;
export const OFFICE_ACCOUNT_ESTIMATE_DAYS = 14;
