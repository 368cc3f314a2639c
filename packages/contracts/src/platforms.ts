import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { SchoolLevelSchema } from './user-types';
import { typedText } from './typed-text';
import { PLATFORM_MESSAGES } from './platforms-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { PLATFORM_MESSAGES } from './platforms-messages';

/**
 * The ministry's platforms that sign people in with a learning account: OpenID
 * clients registered in the console by a platform admin, the claims each scope releases, and the
 * person's view of the platforms they connected.
 */

/** The scopes a platform may be allowed; `openid` is always among them. */
export const PLATFORM_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'schools',
  'user_type',
] as const;
export type PlatformScope = (typeof PLATFORM_SCOPES)[number];
export const PlatformScopeSchema = z.enum(PLATFORM_SCOPES);

/**
 * The claims each scope releases (OpenID Connect Core §5.4 and the ministry's own). A platform
 * receives a claim only when its scope is allowed to it AND the person agreed to it.
 */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name'],
  email: ['email', 'email_verified'],
  offline_access: [],
  /** The schools the person belongs to today (left ones are not listed). */
  schools: ['schools'],
  /** `ptk` (educators), `pd` (students), `dinas` (education offices). */
  user_type: ['user_type'],
} as const satisfies Record<PlatformScope, readonly string[]>;

/** One school of the `schools` claim: where the person is today and as what. */
export const SchoolClaimSchema = z.object({
  npsn: z.string(),
  name: z.string(),
  level: SchoolLevelSchema,
  role: z.enum(['principal', 'operator', 'teacher', 'student']),
});
export type SchoolClaim = z.infer<typeof SchoolClaimSchema>;

/**
 * How a platform authenticates at the token endpoint: a secret (HTTP Basic, stored hashed), a
 * JWT signed with its own key (RFC 7523), or none (a public client: PKCE alone, no secret).
 */
export const PLATFORM_AUTH_METHODS = ['client_secret_basic', 'private_key_jwt', 'none'] as const;
export const PlatformAuthMethodSchema = z.enum(PLATFORM_AUTH_METHODS);
export type PlatformAuthMethod = z.infer<typeof PlatformAuthMethodSchema>;

/** The console's routes (platform admins, section `platforms`). */
export const PLATFORM_ROUTES = {
  /** GET: every platform; POST: a new one (answers its secret once). */
  all: '/console/v1/platforms',
  /** GET: one; PUT: its settings (every editable field, as the form holds them). */
  one: '/console/v1/platforms/:clientId',
  /** POST: a new secret (answered once); the old one stays valid for the overlap. */
  rotateSecret: '/console/v1/platforms/:clientId/secret',
  /** POST: refuse it at once (its grants and tokens end); enable lets it sign people in again. */
  disable: '/console/v1/platforms/:clientId/disable',
  enable: '/console/v1/platforms/:clientId/enable',
} as const;
export const platformPath = (route: string, clientId: string) =>
  route.replace(':clientId', encodeURIComponent(clientId));

/** The signed-in person's platforms (`/profile`): listed, and each one's access withdrawn. */
export const CONNECTED_PLATFORM_ROUTES = {
  /** GET: the platforms holding a grant of the person. */
  list: '/profile/v1/connected-platforms',
  /** DELETE: ends that platform's grants and refresh tokens; it asks for consent again. */
  withdraw: '/profile/v1/connected-platforms/:clientId',
} as const;

/** Limits of a registration. */
export const PLATFORM_LIMITS = {
  uris: 10,
  uriLength: 500,
  nameLength: 100,
  /** The old secret stays valid at most this long after a rotation. */
  maxOverlapHours: 168,
  defaultOverlapHours: 24,
  inlineKeys: 5,
  /** A private_key_jwt client assertion lives at most this long, from `iat` (or now) to `exp`. */
  assertionMaxMinutes: 5,
} as const;

const ClientIdSchema = typedText({ error: PLATFORM_MESSAGES.clientIdInvalid }).regex(
  /^[a-z0-9][a-z0-9-]{2,63}$/,
  PLATFORM_MESSAGES.clientIdInvalid,
);

/** An absolute http(s) URL without a fragment; https is the API's check (development allows http). */
const UriSchema = typedText({ error: PLATFORM_MESSAGES.uriInvalid })
  .trim()
  .max(PLATFORM_LIMITS.uriLength, PLATFORM_MESSAGES.uriInvalid)
  .refine((value) => !value.includes('#'), PLATFORM_MESSAGES.uriInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: PLATFORM_MESSAGES.uriInvalid }));
const UriListSchema = z
  .array(UriSchema)
  .max(PLATFORM_LIMITS.uris, PLATFORM_MESSAGES.tooManyUris)
  .transform((uris) => [...new Set(uris)]);

/** A platform's public keys given inline (RFC 7517 JWKS); private members are refused. */
export const PublicJwksSchema = z.object(
  {
    keys: z
      .array(
        z
          .looseObject({
            kty: z.enum(['RSA', 'EC']),
            kid: typedText().max(200).optional(),
          })
          .refine((key) => !('d' in key), PLATFORM_MESSAGES.keysInvalid),
        { error: PLATFORM_MESSAGES.keysInvalid },
      )
      .min(1, PLATFORM_MESSAGES.keysInvalid)
      .max(PLATFORM_LIMITS.inlineKeys, PLATFORM_MESSAGES.keysInvalid),
  },
  { error: PLATFORM_MESSAGES.keysInvalid },
);
export type PublicJwks = z.infer<typeof PublicJwksSchema>;

/** The editable settings of a platform, as the console's form sends them (create and update). */
const PlatformSettingsSchema = z.object({
  name: typedText({ error: PLATFORM_MESSAGES.nameRequired })
    .trim()
    .min(1, PLATFORM_MESSAGES.nameRequired)
    .max(PLATFORM_LIMITS.nameLength, PLATFORM_MESSAGES.nameTooLong),
  logoUri: UriSchema.nullable().default(null),
  contactName: typedText({ error: PLATFORM_MESSAGES.contactRequired })
    .trim()
    .min(1, PLATFORM_MESSAGES.contactRequired)
    .max(200, PLATFORM_MESSAGES.contactRequired),
  contactEmail: typedText({ error: PLATFORM_MESSAGES.contactEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, PLATFORM_MESSAGES.contactEmailInvalid)
    .pipe(z.email(PLATFORM_MESSAGES.contactEmailInvalid)),
  redirectUris: UriListSchema.refine((uris) => uris.length > 0, PLATFORM_MESSAGES.redirectRequired),
  postLogoutRedirectUris: UriListSchema.default([]),
  /** The scopes it may ask for; `openid` must be one. */
  scopes: z
    .array(PlatformScopeSchema, { error: ERROR_MESSAGES.dataInvalid })
    .transform((scopes) => PLATFORM_SCOPES.filter((scope) => scopes.includes(scope)))
    .refine((scopes) => scopes.includes('openid'), PLATFORM_MESSAGES.openidRequired),
  /** A ministry platform trusted to skip the consent page (audited like every change). */
  firstParty: z.boolean().default(false),
  /**
   * Young students may sign in to it with a printed badge (its QR code or short code): off unless
   * the console turns it on for the platform, audited like every change.
   */
  badgeSignIn: z.boolean().default(false),
  /** private_key_jwt: where its keys are published, or the keys themselves (exactly one). */
  jwksUri: UriSchema.nullable().default(null),
  jwks: PublicJwksSchema.nullable().default(null),
  /** Where the back-channel logout token is posted when a session of the person ends. */
  backchannelLogoutUri: UriSchema.nullable().default(null),
});

type KeysFields = {
  authMethod: PlatformAuthMethod;
  jwksUri: string | null;
  jwks: unknown;
  scopes: readonly PlatformScope[];
};
/** private_key_jwt needs exactly one of the keys' address and the keys; others take neither. */
const checkKeys = (value: KeysFields, ctx: z.RefinementCtx) => {
  const hasKeys = value.jwksUri !== null || value.jwks !== null;
  if (value.authMethod === 'private_key_jwt') {
    if (!hasKeys || (value.jwksUri !== null && value.jwks !== null)) {
      ctx.addIssue({ code: 'custom', path: ['jwksUri'], message: PLATFORM_MESSAGES.keysRequired });
    }
  } else if (hasKeys) {
    ctx.addIssue({ code: 'custom', path: ['jwksUri'], message: PLATFORM_MESSAGES.keysOnlyForJwt });
  }
  if (value.authMethod === 'none' && value.scopes.includes('offline_access')) {
    ctx.addIssue({
      code: 'custom',
      path: ['scopes'],
      message: PLATFORM_MESSAGES.offlineNeedsConfidential,
    });
  }
};

/** POST PLATFORM_ROUTES.all. */
export const PlatformCreateBodySchema = PlatformSettingsSchema.extend({
  clientId: ClientIdSchema,
  authMethod: PlatformAuthMethodSchema,
}).superRefine(checkKeys);
export type PlatformCreateBody = z.input<typeof PlatformCreateBodySchema>;

/** PUT PLATFORM_ROUTES.one: the settings; the client id and authentication method stay. */
export const PlatformUpdateBodySchema = PlatformSettingsSchema.extend({
  /** Must be the platform's own: a change of method is a new platform. */
  authMethod: PlatformAuthMethodSchema,
}).superRefine(checkKeys);
export type PlatformUpdateBody = z.input<typeof PlatformUpdateBodySchema>;

/** POST PLATFORM_ROUTES.rotateSecret. */
export const PlatformRotateSecretBodySchema = z.object({
  /** How long the old secret stays valid beside the new one (0: ends now). */
  overlapHours: z
    .number({ error: PLATFORM_MESSAGES.overlapInvalid })
    .int(PLATFORM_MESSAGES.overlapInvalid)
    .min(0, PLATFORM_MESSAGES.overlapInvalid)
    .max(PLATFORM_LIMITS.maxOverlapHours, PLATFORM_MESSAGES.overlapInvalid)
    .default(PLATFORM_LIMITS.defaultOverlapHours),
});

export const PlatformParamsSchema = z.object({ clientId: ClientIdSchema });

/** A platform as the console shows it: never its secret, only when it was last set. */
export const PlatformClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  logoUri: z.string().nullable(),
  contactName: z.string(),
  contactEmail: z.string(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  scopes: z.array(PlatformScopeSchema),
  firstParty: z.boolean(),
  badgeSignIn: z.boolean(),
  authMethod: PlatformAuthMethodSchema,
  jwksUri: z.string().nullable(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).nullable(),
  backchannelLogoutUri: z.string().nullable(),
  disabled: z.boolean(),
  /** client_secret_basic: when the current secret was made, and until when the old one works. */
  secretCreatedAt: z.iso.datetime().nullable(),
  previousSecretValidUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PlatformClient = z.infer<typeof PlatformClientSchema>;
export const PlatformListSchema = z.object({ items: z.array(PlatformClientSchema) });

/**
 * The answer to a creation or a rotation: the platform and, for client_secret_basic, its new
 * secret in clear, this once (only its hash is kept). Null for the other methods.
 */
export const PlatformWithSecretSchema = z.object({
  client: PlatformClientSchema,
  secret: z.string().nullable(),
});
export type PlatformWithSecret = z.infer<typeof PlatformWithSecretSchema>;

/** A platform the signed-in person connected (a grant of theirs), as `/profile` lists it. */
export const ConnectedPlatformSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  logoUri: z.string().nullable(),
  /** What it receives: the scopes the person agreed to (`openid` left out). */
  scopes: z.array(PlatformScopeSchema),
  /** When the person first agreed (or signed in to it). */
  connectedAt: z.iso.datetime(),
});
export type ConnectedPlatform = z.infer<typeof ConnectedPlatformSchema>;
export const ConnectedPlatformListSchema = z.object({ items: z.array(ConnectedPlatformSchema) });
export const ConnectedPlatformParamsSchema = z.object({ clientId: ClientIdSchema });
