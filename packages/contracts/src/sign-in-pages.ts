import type { ErrorId } from './api-error';
import type { PlatformScope } from './platforms';

/**
 * The provider's sign-in steps as pages the server renders (decision 0286): what the API hands
 * the web's sign-in renderer for one step. The renderer answers a whole HTML document.
 */

/** The languages of the pages: the visitor's, from the language cookie or Accept-Language. */
export const SIGN_IN_PAGE_LANGUAGES = ['id', 'en'] as const;
export type SignInPageLanguage = (typeof SIGN_IN_PAGE_LANGUAGES)[number];

/** The cookie the site keeps the visitor's language in (set by the language switch too). */
export const LANGUAGE_COOKIE = 'portal_language';

/** The pages' address, under the issuer's path: the interaction cookie reaches it. */
export const SIGN_IN_PAGE_PATHS = {
  /** The step the interaction stands at (GET), and the password and consent posts beside it. */
  page: '/interaction/:uid/page',
  login: '/interaction/:uid/page/login',
  newPassword: '/interaction/:uid/page/new-password',
  totpEnrol: '/interaction/:uid/page/totp-enrol',
  totp: '/interaction/:uid/page/totp',
  consent: '/interaction/:uid/page/consent',
  /** The badge step (GET its page; POST the QR code's text, or the short code with the NPSN). */
  badge: '/interaction/:uid/page/badge',
  /** The badge's confirmation: "Ini saya" completes the sign-in, "Bukan saya" goes back. */
  badgeConfirm: '/interaction/:uid/page/badge-confirm',
} as const;

/** An API error as a page shows it: its Indonesian message, localised by its id. */
export type PageMessage = {
  message: string;
  id?: ErrorId | null;
  attemptsLeft?: number | null;
  retryAfter?: number | null;
};

type PageBase = {
  language: SignInPageLanguage;
  /** The addresses the forms post to and the language links open (under the issuer's path). */
  paths: { [K in keyof typeof SIGN_IN_PAGE_PATHS]: string } & {
    /** The web's home page (the forgotten password, starting again). */
    home: string;
    /** The bot check's challenge (JSON, for the enhancement script). */
    botCheckChallenge: string;
    /** The passkey's challenge and answer (JSON, for the enhancement script). */
    passkey: string;
  };
  /** A failure of the whole step (the error summary's only line when no field owns it). */
  problem?: PageMessage | null;
  /** Failures of named fields, listed in the error summary and under each field. */
  fieldErrors?: Partial<Record<string, PageMessage>>;
  /** The page follows another step of this sign-in: script moves focus to its heading. */
  moved?: boolean;
  /** The enhancement script's address (focus, the passkey ceremony); null when there is none. */
  script: string | null;
};

export type SignInPage = PageBase &
  (
    | {
        step: 'password';
        email: string;
        loginOn: boolean;
        botCheck: boolean;
        /** The platform's registration allows badge sign-in: the page offers it. */
        badge: boolean;
      }
    /** The camera and, always there, the short code with the school's NPSN. */
    | { step: 'badge'; npsn: string }
    /** Who the badge is for, before the sign-in completes. */
    | { step: 'badge-confirm'; name: string; schoolName: string; level: string }
    /** A badge sign-in this platform or account cannot have (`problem` says why). */
    | { step: 'badge-refused' }
    | { step: 'new-password' }
    | { step: 'totp-enrol'; secret: string; qrSvg: string }
    | { step: 'recovery-codes'; codes: string[]; continueTo: string }
    | { step: 'totp'; app: boolean; passkey: boolean; recovery: boolean }
    | {
        step: 'consent';
        platform: string;
        address: string | null;
        scopes: readonly PlatformScope[];
      }
    | { step: 'expired' }
  );

/**
 * The provider's sign-out pages (RP-initiated logout), outside any interaction: the
 * confirmation, whose form posts the provider's secret back, and the end page when no platform
 * named a way back.
 */
export type SignOutPage = Pick<PageBase, 'language'> & {
  paths: {
    home: string;
    /** The page again in the other language (null when the request cannot be repeated). */
    page: string | null;
  };
  script: null;
  problem?: null;
  fieldErrors?: undefined;
  moved?: false;
} & ({ step: 'sign-out'; action: string; xsrf: string } | { step: 'signed-out' });

/** The renderer the web's server build exports: one step, one document. */
export type RenderSignInPage = (page: SignInPage | SignOutPage) => string;
