import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { PASSWORD_MAX_LENGTH } from './business-constants';
import { AccountEmailSchema, NewPasswordSchema, RESET_MESSAGES } from './password-reset';
import { PlatformScopeSchema } from './platforms';
import { typedText } from './typed-text';

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
  /** Failed sign-ins from one address within the window before the bot check is asked for. */
  botCheckAfterFailures: 3,
} as const;

export {
  LOGIN_REFERENCE,
  OIDC_WEB_SCOPE,
  PORTAL_WEB_CLIENT_ID,
  WEB_AUTH_PATHS,
  WEB_SESSION,
  type WebSessionUser,
} from './sign-in-client';
import { SIGN_IN_MESSAGES } from './sign-in-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { SIGN_IN_MESSAGES } from './sign-in-messages';

/** Where the sign-out confirmation posts, under the issuer's path (oidc-provider's route). */
export const END_SESSION_CONFIRM_PATH = '/session/end/confirm';

/** The interaction calls, under the issuer's path (`/oidc/interaction/<uid>`). */
export const INTERACTION_PATHS = {
  details: '/interaction/:uid',
  login: '/interaction/:uid/login',
  newPassword: '/interaction/:uid/new-password',
  totpEnrol: '/interaction/:uid/totp-enrol',
  totp: '/interaction/:uid/totp',
  /** The second factor by passkey, beside the app's code (decision 0262). */
  passkey: '/interaction/:uid/passkey',
  /** A platform that is not first-party: the person allows or declines what it will receive. */
  consent: '/interaction/:uid/consent',
} as const;

/**
 * What a sign-in still needs after the password, in this order: a new password in place of an
 * initial one, then for staff the authenticator app, enrolled at the first sign-in.
 */
export const SignInStepSchema = z.enum(['new-password', 'totp-enrol', 'totp']);
export type SignInStep = z.infer<typeof SignInStepSchema>;

/**
 * How a sign-in was made, as the ID token and the API's access token say it (decision 0269):
 * `amr` values of RFC 8176 and two `acr` levels after NIST SP 800-63B's assurance levels.
 */
export const AUTHENTICATION_METHODS = {
  /** A password. */
  password: 'pwd',
  /** A code of the authenticator app, or a recovery code (both one-time passwords). */
  oneTimePassword: 'otp',
  /** A passkey bound to one device (not backed up). */
  hardwareKey: 'hwk',
  /** A passkey a provider syncs between devices (backed up). */
  softwareKey: 'swk',
  /**
   * A printed sign-in badge (its QR code, or its short code with the school's NPSN). RFC 8176
   * registers no value for a card held to a camera, and `sc` (smart card) would tell a platform
   * a key-bearing chip was used: the value is the portal's own. A student's account only, at a
   * platform whose registration allows it; the portal's own client never accepts it.
   */
  badge: 'badge',
} as const;
export const ASSURANCE_LEVELS = {
  /** A password alone. */
  aal1: 'urn:portal-akun:aal1',
  /** A password and a second factor. */
  aal2: 'urn:portal-akun:aal2',
} as const;

/** The second factor of ministry staff (DESIGN.md): RFC 6238 codes and recovery codes. */
export const SECOND_FACTOR = {
  issuer: 'Portal Akun',
  digits: 6,
  periodSeconds: 30,
  recoveryCodes: 10,
  /** Recovery codes: groups of letters and digits a person can copy without ambiguity. */
  recoveryCodePattern: /^[a-z2-9]{5}-[a-z2-9]{5}$/,
} as const;

const required = ERROR_MESSAGES.required;

export const InteractionParamsSchema = z.object({
  uid: z.string().regex(/^[\w-]{10,64}$/, ERROR_MESSAGES.unauthorized),
});

export const InteractionDetailsSchema = z.object({
  uid: z.string(),
  /** What the provider asks of the person: `login` (the address and password). */
  prompt: z.string(),
  /** A step after the password still to do in this interaction (a reload resumes there). */
  step: SignInStepSchema.nullable(),
  /** Whether the password form must carry a solved bot check (after repeated failures). */
  bot_check: z.boolean(),
  /** At the second factor: whether the account holds a passkey it may use instead. */
  passkey: z.boolean(),
  /**
   * At the second factor: whether the account holds an authenticator app (staff always do; an
   * account holder may hold only passkeys, and then a recovery code is the fallback).
   */
  totp: z.boolean(),
  client: z.object({
    id: z.string(),
    name: z.string().nullable(),
    /** A platform's logo; absent for the portal's own client. */
    logo_uri: z.string().nullable().optional(),
    /**
     * Where the platform receives the sign-in: the origin of the interaction's redirect address,
     * as the provider checked it against the registration.
     */
    address: z.string().nullable().optional(),
  }),
  /**
   * At the `consent` prompt: what the platform asks to receive that the person has
   * not agreed to yet (`openid`, the account's identifier, is always part of it).
   */
  consent: z
    .object({ scopes: z.array(PlatformScopeSchema) })
    .nullable()
    .optional(),
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
  /** The solved bot check, once the details call says it is needed. */
  altcha: typedText().max(8_000).optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** Either where the browser goes next (the provider, which answers the client), or a step. */
export const SignInResultSchema = z.union([
  z.object({ redirectTo: z.string() }),
  z.object({ step: SignInStepSchema }),
]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** The consent page's answer: allow what the platform asks for, or decline (no sign-in then). */
export const ConsentBodySchema = z.object({
  decision: z.enum(['allow', 'deny'], { error: ERROR_MESSAGES.dataInvalid }),
});
export type ConsentBody = z.infer<typeof ConsentBodySchema>;
/** Where the browser goes after the consent page: back to the provider, then the platform. */
export const ConsentResultSchema = z.object({ redirectTo: z.string() });

export const NewPasswordBodySchema = z.object({ password: NewPasswordSchema });

/** The authenticator app's enrolment: the secret as a QR code and as text to type. */
export const TotpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** An SVG image of the otpauth URI, as a data URL. */
  qr_code: z.string(),
});

const TotpCodeSchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d{6}$/, SIGN_IN_MESSAGES.codeFormat);

export const TotpEnrolBodySchema = z.object({ code: TotpCodeSchema });

/** The recovery codes, shown once, and where the browser goes when they are saved. */
export const TotpEnrolledSchema = z.object({
  recovery_codes: z.array(z.string()),
  redirectTo: z.string(),
});

/** A code from the app, or one of the recovery codes. */
export const TotpBodySchema = z.union([
  z.object({ code: TotpCodeSchema }),
  z.object({
    recovery_code: z
      .string({ error: required })
      .trim()
      .toLowerCase()
      .regex(SECOND_FACTOR.recoveryCodePattern, SIGN_IN_MESSAGES.recoveryCodeFormat),
  }),
]);
export type TotpBody = z.infer<typeof TotpBodySchema>;
