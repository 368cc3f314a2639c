import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BrandSchema, DEFAULT_BRAND, type Brand } from '@portal/contracts/brand';
import { CODE_POLICY } from '@portal/contracts/one-time-codes';

// The only module that reads process.env (DESIGN.md: configuration).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const DEV_TRACKING_KEY = 'dev-only-tracking-key-change-me-in-production';
const DEV_EVENT_TRACKER_SECRET = 'dev-only-event-tracker-secret';
const DEV_TOKEN_SECRET = 'dev-only-token-secret-change-me-in-production';
const DEV_BOT_CHECK_SECRET = 'dev-only-bot-check-secret-change-me';

/** An absolute http(s) URL without query or fragment, as an issuer or origin must be. */
const webUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http:// or https:// URL (${what})` })
    .refine((value) => !/[?#]/.test(value), { message: `must have no query or fragment (${what})` })
    .transform((value) => value.replace(/\/+$/, ''));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/** A hop count, or the proxies' addresses and CIDR ranges separated by commas. */
const TrustProxySchema = z.union([
  z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number),
  z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine((entries) => entries.every(isAddressOrRange), {
      message: 'a hop count, or IP addresses and CIDR ranges separated by commas',
    }),
]);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    OIDC_ISSUER: webUrl('the sign-in provider, mounted at its path')
      .refine((value) => new URL(value).pathname !== '/', {
        message:
          'needs a path, such as https://akun.example.id/oidc: the provider is mounted there',
      })
      .optional(),
    OIDC_AUDIENCE: z.url().optional(),
    WEB_ORIGIN: webUrl('the web app')
      .refine((value) => new URL(value).origin === value, {
        message: 'must be an origin: scheme, host and port, no path',
      })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** A streaming replica of DATABASE_URL for heavy reads (statistics, school search, lists). */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Past this lag the replica's reads go to the primary. */
    DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    TRUST_PROXY: TrustProxySchema.optional(),
    INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
    /** Prometheus's /metrics on this port of its own (0: any free one); off when unset. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** OTLP/HTTP collector (its base URL; traces go to /v1/traces); no traces when unset. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('portal-api'),
    /**
     * The share of requests whose traces are recorded (OpenTelemetry's name for the ratio of its
     * `parentbased_traceidratio` sampler, the one used): 1 records all; a caller's `traceparent`
     * decides for its own requests.
     */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    API_DOCS: z.enum(['on', 'off']).optional(),
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_KEY: z.string().min(1).optional(),
    OUTBOX_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    STATISTICS_AGGREGATE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** The wait between two codes to one person; shorter only outside production (journeys). */
    CODE_RESEND_COOLDOWN_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(CODE_POLICY.resendCooldownSeconds),
    /** How often the registry inbox is read for new snapshots (a quarter of an hour). */
    REGISTRY_SYNC_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** How often the deletion lifecycle does what the date calls for (hourly). */
    ACCOUNT_DELETION_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_TOKEN_SECRET),
    BOT_CHECK: z.enum(['on', 'off']).default('on'),
    BOT_CHECK_SECRET: z.string().min(16).default(DEV_BOT_CHECK_SECRET),
    BOT_CHECK_COST: z.coerce.number().int().min(1).max(1_000_000).default(1),
    RATE_LIMIT_PREFIX: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and dashes')
      .default('rl'),
    LOOKUP_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: z.coerce.number().int().min(1).default(10),
    // A classroom signs in together from one school address.
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Token requests of one OpenID client (a platform) per minute, on every instance together. */
    TOKEN_LIMIT_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(12_000),
    /**
     * Token requests the provider refused (no client authenticated, a wrong secret or key, a bad
     * grant) from one address per minute: what an anonymous caller can spend (decision 0283).
     */
    TOKEN_REFUSALS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Ministry staff sign in with addresses in this domain (default `admin.<product>.id`). */
    STAFF_EMAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a lower-case domain such as admin.belajar.id')
      .optional(),
    WEB_BUILD_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/build/client')),
    /** The web's sign-in server build (decision 0286): renders the provider's steps. */
    SIGN_IN_RENDERER: z
      .string()
      .min(1)
      .default(path.join(repoRoot, 'apps/web/build/sign-in/render-sign-in-page.js')),
    /**
     * Where registry snapshots arrive: one folder per snapshot with its CSV files and
     * a `READY` file written last; `<DATA_DIR>/registry-inbox` by default.
     */
    REGISTRY_INBOX_DIR: z.string().min(1).optional(),
    /** Private uploads (offices' letters) when no S3 bucket is configured: `<DATA_DIR>/uploads`. */
    UPLOAD_DIR: z.string().min(1).optional(),
    /** Private uploads on S3-compatible storage instead of the folder (decision 0223). */
    S3_BUCKET: z.string().min(3).optional(),
    S3_PREFIX: z.string().default('uploads/'),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SEED_DEMO: booleanFromEnv.optional(),
    DEMO_PEOPLE: z.coerce.number().int().min(100).max(10_000_000).default(5_000),
    /** The demo platform (`npm run demo:platform`): where it runs, and its secret. */
    DEMO_PLATFORM_URL: z.url().default('http://localhost:4000'),
    DEMO_PLATFORM_SECRET: z.string().min(16).default('demo-platform-secret-development-only'),
    TRACKING_HMAC_KEY: z
      .string()
      .min(32, 'must be at least 32 characters')
      .default(DEV_TRACKING_KEY),
    EVENT_TRACKER_USER: z.string().min(1).default('portal-web'),
    EVENT_TRACKER_SECRET: z.string().min(16).default(DEV_EVENT_TRACKER_SECRET),
    PRODUCT_NAME: BrandSchema.shape.productName.default(DEFAULT_BRAND.productName),
    MINISTRY_NAME: z.string().min(2).default(DEFAULT_BRAND.ministryName),
    HELP_CENTRE_URL: z.url().default(DEFAULT_BRAND.helpCentreUrl),
    ADMIN_PORTAL_URL: BrandSchema.shape.adminPortalUrl.default(DEFAULT_BRAND.adminPortalUrl),
    CHROMEBOOK_HELP_URL: z.url().default(DEFAULT_BRAND.chromebookHelpUrl),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // Production refuses development defaults (as hmpps-template-typescript does).
    if (!env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required in production',
      });
    }
    if (env.TRACKING_HMAC_KEY === DEV_TRACKING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRACKING_HMAC_KEY'],
        message: 'must be set in production',
      });
    }
    if (env.EVENT_TRACKER_SECRET === DEV_EVENT_TRACKER_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVENT_TRACKER_SECRET'],
        message: 'must be set in production',
      });
    }
    if (env.TOKEN_SECRET === DEV_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOKEN_SECRET'],
        message: 'must be set in production',
      });
    }
    if (env.BOT_CHECK_SECRET === DEV_BOT_CHECK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_CHECK_SECRET'],
        message: 'must be set in production',
      });
    }
    if (env.BOT_CHECK === 'off') {
      ctx.addIssue({ code: 'custom', path: ['BOT_CHECK'], message: 'cannot be off in production' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' });
    }
    if (!env.SMS_GATEWAY_URL || !env.SMS_GATEWAY_KEY) {
      // Without a gateway a code or notice to a phone would be recorded as sent and kept in
      // clear in the outbox; phone-only accounts get their notices (and the reset by phone,
      // REQUEST_PASSWORD_BY_PHONE, its codes) only by SMS.
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message:
          'SMS_GATEWAY_URL and SMS_GATEWAY_KEY are required in production: codes and notices to phones (REQUEST_PASSWORD_BY_PHONE, phone-only accounts) need the gateway',
      });
    }
    const issuer = env.OIDC_ISSUER ?? `${env.PUBLIC_URL ?? 'http://localhost'}/oidc`;
    if (!issuer.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message:
          'must be an https:// URL in production (set OIDC_ISSUER, or PUBLIC_URL for the default `<PUBLIC_URL>/oidc`)',
      });
    }
    if (env.INSTANCES > 1 && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: `is required with INSTANCES=${env.INSTANCES}: each instance would count rate limits and used bot-check answers on its own`,
      });
    }
    if (env.INSTANCES > 1 && !env.S3_BUCKET && !env.UPLOAD_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `is required with INSTANCES=${env.INSTANCES}: a letter uploaded to one instance's disk would not be found by another (or set UPLOAD_DIR to a volume every instance mounts)`,
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: the metrics are never served on the public port',
      });
    }
    if (env.SEED_DEMO) {
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'cannot be on in production' });
    }
    if (env.CODE_RESEND_COOLDOWN_SECONDS < CODE_POLICY.resendCooldownSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['CODE_RESEND_COOLDOWN_SECONDS'],
        message: `cannot be under the policy's ${CODE_POLICY.resendCooldownSeconds} s in production`,
      });
    }
  });

export type Config = {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  database: {
    url: string | undefined;
    dataDir: string;
    /** Where heavy reads go when set; the primary otherwise. */
    replica: { url: string; maxLagSeconds: number } | undefined;
  };
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Fastify's trustProxy: false (the default, trust none), a hop count, or addresses and ranges. */
  trustProxy: false | number | string[];
  instances: number;
  /** The port of /metrics for Prometheus, apart from the public one; undefined: no metrics. */
  metricsPort: number | undefined;
  /** Where traces are exported by OTLP; undefined: tracing off. */
  tracing: { endpoint: string; serviceName: string; sampleRatio: number } | undefined;
  /** Whether /docs (the OpenAPI browser and document) is served. */
  apiDocs: boolean;
  sms: { url: string; key: string | undefined } | undefined;
  jobs: {
    outboxRetryDelaySeconds: number;
    pollingSeconds: number;
    statisticsEverySeconds: number;
    registrySyncEverySeconds: number;
    accountDeletionEverySeconds: number;
  };
  tokenSecret: string;
  botCheck: { enabled: boolean; secret: string; cost: number };
  limits: {
    lookupPerIpPerMinute: number;
    lookupPerTargetPerHour: number;
    signInPerIpPerMinute: number;
    tokenPerClientPerMinute: number;
    codeResendCooldownSeconds: number;
    tokenRefusalsPerAddressPerMinute: number;
  };
  /** The embedded OpenID provider: its issuer, the API's audience, and the web app's origin. */
  oidc: { issuer: string; audience: string; webOrigin: string };
  /**
   * Passkeys (decision 0262): the origin their pages run on (the web's) and the relying party id
   * they are bound to, its host name. A browser refuses an IP address as one: use a name.
   */
  passkeys: { origin: string; rpId: string };
  /** The domain of ministry staff's accounts: they sign in with a second factor. */
  staffDomain: string;
  /** Every reset verify answers after at least this long, found or not: the time says nothing. */
  resetVerifyMinMs: number;
  /** Namespace of this deployment's counters in a shared Redis. */
  rateLimitPrefix: string;
  webBuildDir: string;
  /** The module that renders the provider's sign-in steps (the web's sign-in server build). */
  signInRenderer: string;
  /** The folder watched for registry snapshots. */
  registryInboxDir: string;
  uploads: {
    dir: string;
    s3?: {
      bucket: string;
      prefix: string;
      region: string;
      endpoint?: string | undefined;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
    };
  };
  seedDemo: boolean;
  demoPeople: number;
  /** Registered at start outside production: `npm run demo:platform` signs in with it. */
  demoPlatform: { url: string; secret: string };
  trackingHmacKey: string;
  eventTracker: { user: string; secret: string };
  brand: Brand;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `NAME=` in an env file means unset, not an empty value to validate.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const publicOrigin = new URL(publicUrl).origin;
  const webOrigin = e.WEB_ORIGIN ?? publicOrigin;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    database: {
      url: e.DATABASE_URL,
      dataDir: path.resolve(e.DATA_DIR),
      replica: e.DATABASE_REPLICA_URL
        ? { url: e.DATABASE_REPLICA_URL, maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS }
        : undefined,
    },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Akun ${e.PRODUCT_NAME}.id <no-reply@${e.PRODUCT_NAME}.id>`,
    trustProxy: e.TRUST_PROXY ?? false,
    instances: e.INSTANCES,
    metricsPort: e.METRICS_PORT,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME,
          sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : undefined,
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, key: e.SMS_GATEWAY_KEY } : undefined,
    jobs: {
      outboxRetryDelaySeconds: e.OUTBOX_RETRY_DELAY_SECONDS,
      pollingSeconds: e.JOB_POLLING_SECONDS,
      statisticsEverySeconds: e.STATISTICS_AGGREGATE_EVERY_SECONDS,
      registrySyncEverySeconds: e.REGISTRY_SYNC_EVERY_SECONDS,
      accountDeletionEverySeconds: e.ACCOUNT_DELETION_EVERY_SECONDS,
    },
    tokenSecret: e.TOKEN_SECRET,
    botCheck: { enabled: e.BOT_CHECK === 'on', secret: e.BOT_CHECK_SECRET, cost: e.BOT_CHECK_COST },
    rateLimitPrefix: e.RATE_LIMIT_PREFIX,
    limits: {
      lookupPerIpPerMinute: e.LOOKUP_LIMIT_PER_IP_PER_MINUTE,
      lookupPerTargetPerHour: e.LOOKUP_LIMIT_PER_TARGET_PER_HOUR,
      signInPerIpPerMinute: e.SIGN_IN_LIMIT_PER_IP_PER_MINUTE,
      tokenPerClientPerMinute: e.TOKEN_LIMIT_PER_CLIENT_PER_MINUTE,
      codeResendCooldownSeconds: e.CODE_RESEND_COOLDOWN_SECONDS,
      tokenRefusalsPerAddressPerMinute: e.TOKEN_REFUSALS_PER_ADDRESS_PER_MINUTE,
    },
    oidc: {
      issuer: e.OIDC_ISSUER ?? `${publicOrigin}/oidc`,
      audience: e.OIDC_AUDIENCE ?? `${publicOrigin}/${e.PRODUCT_NAME}-id`,
      webOrigin,
    },
    passkeys: { origin: webOrigin, rpId: new URL(webOrigin).hostname },
    staffDomain: e.STAFF_EMAIL_DOMAIN ?? `admin.${e.PRODUCT_NAME}.id`,
    // Not read from the environment: only tests lower it, through the config they build.
    resetVerifyMinMs: 400,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR),
    signInRenderer: path.resolve(e.SIGN_IN_RENDERER),
    registryInboxDir: path.resolve(e.REGISTRY_INBOX_DIR ?? path.join(e.DATA_DIR, 'registry-inbox')),
    uploads: {
      dir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
      ...(e.S3_BUCKET
        ? {
            s3: {
              bucket: e.S3_BUCKET,
              prefix: e.S3_PREFIX,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
              // Absent: the SDK's own chain (instance role, environment, profile).
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : undefined,
            },
          }
        : {}),
    },
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    demoPeople: e.DEMO_PEOPLE,
    demoPlatform: { url: e.DEMO_PLATFORM_URL.replace(/\/$/, ''), secret: e.DEMO_PLATFORM_SECRET },
    trackingHmacKey: e.TRACKING_HMAC_KEY,
    eventTracker: { user: e.EVENT_TRACKER_USER, secret: e.EVENT_TRACKER_SECRET },
    brand: {
      productName: e.PRODUCT_NAME,
      ministryName: e.MINISTRY_NAME,
      helpCentreUrl: e.HELP_CENTRE_URL,
      adminPortalUrl: e.ADMIN_PORTAL_URL,
      chromebookHelpUrl: e.CHROMEBOOK_HELP_URL,
    },
  };
}
