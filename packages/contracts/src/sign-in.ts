import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { PASSWORD_MAX_LENGTH } from './business-constants';
import { AccountEmailSchema, RESET_MESSAGES } from './password-reset';

/**
 * Sign-in with a learning account through the portal's OpenID provider (DESIGN.md: sign-in).
 * The numbers the API enforces; the web shows none of them, a lock answers like a wrong password.
 */
export const SIGN_IN_POLICY = {
  authorizationCodeMinutes: 5,
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  /** From the sign-in: refresh tokens rotate on every use and keep this end. */
  refreshTokenHours: 24,
  sessionHours: 24,
  interactionMinutes: 60,
  /** Wrong passwords for an account within the window lock it... */
  maxWrongPasswords: 10,
  wrongWindowMinutes: 15,
  /** ...for this long. */
  lockMinutes: 15,
  /** Every answer to a password takes at least this long, right or wrong, known or not. */
  answerFloorMs: 300,
} as const;

/** The web app's client at the provider, and its pages the provider returns to. */
export const PORTAL_WEB_CLIENT_ID = 'portal-web';
export const WEB_AUTH_PATHS = {
  loginCallback: '/auth/login/callback',
  silentCallback: '/auth/silent/callback',
  logoutCallback: '/auth/logout/callback',
  /** The sign-in page of an interaction: `/auth/sign-in/<uid>`. */
  signIn: '/auth/sign-in',
} as const;

/** The scopes the web asks for: identity, the personal e-mail, and refresh (SPEC §7). */
export const OIDC_WEB_SCOPE = 'openid profile email offline_access';

/** The login reference cookie (SPEC §4, §9): default value and lifetime. */
export const LOGIN_REFERENCE = {
  cookie: 'login_ref',
  fallback: 'user-profile',
  maxAgeSeconds: 86_400,
} as const;

/** The interaction calls, under the issuer's path (`/oidc/interaction/<uid>`). */
export const INTERACTION_PATHS = {
  details: '/interaction/:uid',
  login: '/interaction/:uid/login',
} as const;

export const SIGN_IN_MESSAGES = {
  /** Unknown account, wrong password and locked account: one answer (DESIGN.md). */
  failed: 'Alamat akun atau kata sandi salah.',
} as const;

const required = ERROR_MESSAGES.required;

export const InteractionParamsSchema = z.object({
  uid: z.string().regex(/^[\w-]{10,64}$/, ERROR_MESSAGES.unauthorized),
});

export const InteractionDetailsSchema = z.object({
  uid: z.string(),
  /** What the provider asks of the person: `login` (the address and password). */
  prompt: z.string(),
  client: z.object({ id: z.string(), name: z.string().nullable() }),
});
export type InteractionDetails = z.infer<typeof InteractionDetailsSchema>;

export const SignInBodySchema = z.object({
  email: AccountEmailSchema,
  password: z
    .string({ error: required })
    .min(1, required)
    .refine(
      (value) => [...value].length <= PASSWORD_MAX_LENGTH,
      RESET_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH),
    ),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const SignInResultSchema = z.object({
  /** Where the browser goes next: the provider, which answers the client. */
  redirectTo: z.string(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;
