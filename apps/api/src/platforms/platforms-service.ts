import { LRUCache } from 'lru-cache';
import {
  PLATFORM_MESSAGES,
  PLATFORM_SCOPES,
  type ConnectedPlatform,
  type PlatformClient,
  type PlatformScope,
  type PlatformUpdateBody,
  type PlatformWithSecret,
  type PublicJwks,
} from '@portal/contracts/platforms';
import { PORTAL_WEB_CLIENT_ID } from '@portal/contracts/sign-in';
import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../http/domain-errors';
import {
  CLIENT_EXTRA_METADATA,
  hashClientSecret,
  newClientSecret,
} from '../sign-in/client-secrets';
import { publicAddress } from './platform-addresses';
import {
  createPlatformsRepository,
  type PlatformRow,
  type PlatformsRepository,
} from './platforms-repository';

// A change made through another instance reaches this one's provider within this long.
const CLIENT_CACHE_SECONDS = 10;
// Every registered platform, and the unknown client ids asked for, within a bound.
const CLIENTS_KEPT = 10_000;

type Staff = { staffId: number };
/** The checked body of a creation or an update (defaults applied). */
type Settings = Omit<
  Required<PlatformUpdateBody>,
  'logoUri' | 'jwksUri' | 'jwks' | 'backchannelLogoutUri'
> & {
  logoUri: string | null;
  jwksUri: string | null;
  jwks: PublicJwks | null;
  backchannelLogoutUri: string | null;
};

/** The demo platform's client id (`npm run demo:platform`). */
export const DEMO_PLATFORM_ID = 'demo-platform';

const notFound = () =>
  new NotFoundError({ id: 'platform_not_found', message: PLATFORM_MESSAGES.notFound });
const iso = (moment: Date | null) => moment?.toISOString() ?? null;
const knownScopes = (scopes: readonly string[]): PlatformScope[] =>
  PLATFORM_SCOPES.filter((scope) => scopes.includes(scope));

function toClient(row: PlatformRow): PlatformClient {
  return {
    clientId: row.clientId,
    name: row.name,
    logoUri: row.logoUri,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    redirectUris: row.redirectUris,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    scopes: knownScopes(row.scopes),
    firstParty: row.firstParty,
    badgeSignIn: row.badgeSignIn,
    authMethod: row.authMethod,
    jwksUri: row.jwksUri,
    jwks: (row.jwks as PlatformClient['jwks']) ?? null,
    backchannelLogoutUri: row.backchannelLogoutUri,
    disabled: row.disabledAt !== null,
    secretCreatedAt: iso(row.secretCreatedAt),
    previousSecretValidUntil: iso(row.previousSecretValidUntil),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the audit keeps of a platform: its settings, whether a secret changed (never the secret
 * or its hash), the contact's address only as a keyed hash.
 */
const auditedState = (row: PlatformRow, hash: (value: string) => string) => ({
  ...toClient(row),
  contactEmail: hash(row.contactEmail),
  contactName: hash(row.contactName),
});

/**
 * A platform as oidc-provider's Client model reads it (its adapter's `find`): only enabled
 * platforms exist for the provider, so a disabled one is refused at its next request.
 */
export function providerMetadata(row: PlatformRow, nowMs = Date.now()): Record<string, unknown> {
  const scopes = knownScopes(row.scopes);
  const previousUntil = row.previousSecretValidUntil?.getTime();
  return {
    client_id: row.clientId,
    client_name: row.name,
    ...(row.logoUri ? { logo_uri: row.logoUri } : {}),
    application_type: 'web',
    token_endpoint_auth_method: row.authMethod,
    ...(row.secretHash ? { client_secret: row.secretHash } : {}),
    ...(row.jwksUri ? { jwks_uri: row.jwksUri } : {}),
    ...(row.jwks ? { jwks: row.jwks } : {}),
    grant_types: scopes.includes('offline_access')
      ? ['authorization_code', 'refresh_token']
      : ['authorization_code'],
    response_types: ['code'],
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    scope: scopes.join(' '),
    ...(row.backchannelLogoutUri
      ? {
          backchannel_logout_uri: row.backchannelLogoutUri,
          backchannel_logout_session_required: true,
        }
      : {}),
    [CLIENT_EXTRA_METADATA.firstParty]: row.firstParty,
    [CLIENT_EXTRA_METADATA.badgeSignIn]: row.badgeSignIn,
    ...(row.previousSecretHash && previousUntil !== undefined && previousUntil > nowMs
      ? {
          [CLIENT_EXTRA_METADATA.previousSecretHash]: row.previousSecretHash,
          [CLIENT_EXTRA_METADATA.previousSecretUntil]: Math.floor(previousUntil / 1000),
        }
      : {}),
  };
}

type Dependencies = {
  db: Db;
  audit: AuditLog;
  /**
   * Production: every address a platform gives is `https` on a public host name
   * (`platform-addresses.ts`). Outside it, any http(s) address: a platform in development lives
   * on `http://localhost`.
   */
  publicAddressesOnly: boolean;
  /** Ends every session, grant and token of the client's people where it is disabled. */
  now?: () => Date;
};

/** The console's platform registry and the person's connected platforms. */
export function createPlatformsService({
  db,
  audit,
  publicAddressesOnly,
  now = () => new Date(),
}: Dependencies) {
  const repository = createPlatformsRepository(db);
  // The provider reads a platform at every request of it (authorization, each token): its row
  // is kept briefly per instance, and dropped here whenever the console changes it (decision
  // 0292). A row that is not there (an unknown client id) is kept as `null`.
  const clients = new LRUCache<string, { row: PlatformRow | null }>({
    max: CLIENTS_KEPT,
    ttl: CLIENT_CACHE_SECONDS * 1000,
  });

  /**
   * The settings with every address a platform gives held to production's rule (and its host
   * in punycode), or a 400 naming each refused address and why.
   */
  function checkAddresses<T extends Settings>(settings: T): T {
    if (!publicAddressesOnly) return settings;
    const problems: { field: string; message: string }[] = [];
    const checked = (field: string, uri: string): string => {
      const result = publicAddress(uri);
      if ('address' in result) return result.address;
      problems.push({ field, message: result.refusal });
      return uri;
    };
    const one = (field: string, uri: string | null) => (uri === null ? null : checked(field, uri));
    const many = (field: string, uris: readonly string[]) =>
      uris.map((uri, index) => checked(`${field}.${index}`, uri));
    const result: T = {
      ...settings,
      redirectUris: many('redirectUris', settings.redirectUris),
      postLogoutRedirectUris: many('postLogoutRedirectUris', settings.postLogoutRedirectUris),
      logoUri: one('logoUri', settings.logoUri),
      jwksUri: one('jwksUri', settings.jwksUri),
      backchannelLogoutUri: one('backchannelLogoutUri', settings.backchannelLogoutUri),
    };
    const [first] = problems;
    if (first) {
      throw new ValidationError(problems, { id: 'validation_failed', message: first.message });
    }
    return result;
  }

  const settingsColumns = (settings: Settings) => ({
    name: settings.name,
    logoUri: settings.logoUri,
    contactName: settings.contactName,
    contactEmail: settings.contactEmail,
    redirectUris: settings.redirectUris,
    postLogoutRedirectUris: settings.postLogoutRedirectUris,
    scopes: settings.scopes,
    firstParty: settings.firstParty,
    badgeSignIn: settings.badgeSignIn,
    jwksUri: settings.jwksUri,
    jwks: settings.jwks,
    backchannelLogoutUri: settings.backchannelLogoutUri,
  });

  /** One change and its audit entry, in one transaction: both or neither. */
  async function change(
    staff: Staff,
    outcome: string,
    ip: string,
    clientId: string,
    write: (inTransaction: PlatformsRepository, before: PlatformRow) => Promise<PlatformRow>,
  ): Promise<PlatformRow> {
    const row = await db.transaction(async (tx) => {
      const inTransaction = createPlatformsRepository(tx);
      const before = await inTransaction.hold(clientId);
      if (!before) throw notFound();
      const row = await write(inTransaction, before);
      await audit.record(
        {
          action: 'platform',
          outcome,
          actor: `staff:${staff.staffId}`,
          ip,
          target: clientId,
          changes: {
            before: auditedState(before, audit.hash),
            after: auditedState(row, audit.hash),
          },
        },
        tx,
      );
      return row;
    });
    clients.delete(clientId);
    return row;
  }

  return {
    repository,

    async list(): Promise<{ items: PlatformClient[] }> {
      return { items: (await repository.all()).map(toClient) };
    },

    async get(clientId: string): Promise<PlatformClient> {
      const row = await repository.find(clientId);
      if (!row) throw notFound();
      return toClient(row);
    },

    /** A new platform; a client_secret_basic one gets its secret, answered this once. */
    async create(
      staff: Staff | null,
      given: Settings & { clientId: string },
      ip: string,
    ): Promise<PlatformWithSecret> {
      const body = checkAddresses(given);
      const taken = () =>
        new ConflictError({
          id: 'platform_client_id_taken',
          message: PLATFORM_MESSAGES.clientIdTaken,
        });
      if (body.clientId === PORTAL_WEB_CLIENT_ID) throw taken();
      const secret = body.authMethod === 'client_secret_basic' ? newClientSecret() : null;
      // An id asked for before it existed is kept as unknown: the new platform replaces that.
      const created = await db.transaction(async (tx) => {
        const row = await createPlatformsRepository(tx).insert({
          clientId: body.clientId,
          authMethod: body.authMethod,
          ...settingsColumns(body),
          secretHash: secret ? hashClientSecret(secret) : null,
          secretCreatedAt: secret ? now() : null,
          createdBy: staff?.staffId ?? null,
          updatedBy: staff?.staffId ?? null,
        });
        if (!row) throw taken();
        await audit.record(
          {
            action: 'platform',
            outcome: 'created',
            actor: staff ? `staff:${staff.staffId}` : 'command',
            ip,
            target: row.clientId,
            changes: { before: null, after: auditedState(row, audit.hash) },
          },
          tx,
        );
        return { client: toClient(row), secret };
      });
      clients.delete(body.clientId);
      return created;
    },

    async update(staff: Staff, clientId: string, given: Settings, ip: string) {
      const body = checkAddresses(given);
      const row = await change(staff, 'updated', ip, clientId, async (inTransaction, before) => {
        if (before.authMethod !== body.authMethod) {
          throw new ValidationError(
            [{ field: 'authMethod', message: PLATFORM_MESSAGES.authMethodFixed }],
            { id: 'validation_failed', message: PLATFORM_MESSAGES.authMethodFixed },
          );
        }
        const updated = await inTransaction.update(clientId, {
          ...settingsColumns(body),
          updatedBy: staff.staffId,
        });
        // A scope withdrawn from the platform ends the grants that carry it.
        const withdrawn = before.scopes.some((scope) => !updated.scopes.includes(scope));
        if (withdrawn) await inTransaction.revokeGrants(clientId);
        return updated;
      });
      return toClient(row);
    },

    /** A new secret, answered once; the old one works beside it for `overlapHours`. */
    async rotateSecret(
      staff: Staff,
      clientId: string,
      overlapHours: number,
      ip: string,
    ): Promise<PlatformWithSecret> {
      const secret = newClientSecret();
      const row = await change(staff, 'secret-rotated', ip, clientId, (inTransaction, before) => {
        if (before.authMethod !== 'client_secret_basic' || !before.secretHash) {
          throw new ConflictError({
            id: 'platform_no_secret',
            message: PLATFORM_MESSAGES.noSecret,
          });
        }
        const at = now();
        return inTransaction.update(clientId, {
          secretHash: hashClientSecret(secret),
          secretCreatedAt: at,
          previousSecretHash: overlapHours > 0 ? before.secretHash : null,
          previousSecretValidUntil:
            overlapHours > 0 ? new Date(at.getTime() + overlapHours * 3_600_000) : null,
          updatedBy: staff.staffId,
        });
      });
      return { client: toClient(row), secret };
    },

    /** Disabled: refused at its next request, its grants and tokens ended in the same step. */
    async setDisabled(staff: Staff, clientId: string, disabled: boolean, ip: string) {
      const row = await change(
        staff,
        disabled ? 'disabled' : 'enabled',
        ip,
        clientId,
        async (inTransaction) => {
          const updated = await inTransaction.update(clientId, {
            disabledAt: disabled ? now() : null,
            updatedBy: staff.staffId,
          });
          if (disabled) await inTransaction.revokeGrants(clientId);
          return updated;
        },
      );
      return toClient(row);
    },

    /**
     * The demo platform (`npm run demo:platform`), registered at every start outside production
     * with the address and secret of the configuration: a third-party platform, so its sign-in
     * shows the consent page.
     */
    async registerDemoPlatform({ url, secret }: { url: string; secret: string }): Promise<void> {
      const values = {
        name: 'Platform Demo',
        contactName: 'Tim Portal',
        contactEmail: 'demo@platform.invalid',
        redirectUris: [`${url}/callback`],
        postLogoutRedirectUris: [`${url}/`],
        scopes: [...PLATFORM_SCOPES],
        firstParty: false,
        badgeSignIn: true,
        authMethod: 'client_secret_basic' as const,
        secretHash: hashClientSecret(secret),
        secretCreatedAt: now(),
        backchannelLogoutUri: `${url}/backchannel-logout`,
        disabledAt: null,
      };
      await db.transaction(async (tx) => {
        const inTransaction = createPlatformsRepository(tx);
        const inserted = await inTransaction.insert({ clientId: DEMO_PLATFORM_ID, ...values });
        if (!inserted) await inTransaction.update(DEMO_PLATFORM_ID, values);
      });
      clients.delete(DEMO_PLATFORM_ID);
    },

    /**
     * The provider's view of a client (its adapter's Client `find`): kept a few seconds per
     * instance, dropped at once by a change made through this instance (decision 0292).
     */
    async providerClient(clientId: string): Promise<Record<string, unknown> | undefined> {
      let kept = clients.get(clientId);
      if (!kept) {
        kept = { row: (await repository.find(clientId)) ?? null };
        clients.set(clientId, kept);
      }
      const { row } = kept;
      if (!row || row.disabledAt) return undefined;
      return providerMetadata(row, now().getTime());
    },

    /** Drops the kept row of a platform changed outside this service (a row edited by hand). */
    forgetClient(clientId: string): void {
      clients.delete(clientId);
    },

    /** The scopes the person agreed this platform may receive, if they did. */
    async agreedScopes(accountId: string, clientId: string): Promise<string[]> {
      return (await repository.connection(accountId, clientId))?.scopes ?? [];
    },

    /** Remembers what the person agreed to (or a first-party platform was granted). */
    connect: (accountId: string, clientId: string, scopes: readonly string[]) =>
      repository.connect(accountId, clientId, knownScopes(scopes)),

    async connectedPlatforms(accountId: number): Promise<{ items: ConnectedPlatform[] }> {
      const rows = await repository.connections(String(accountId));
      return {
        items: rows.map((row) => ({
          clientId: row.clientId,
          name: row.name,
          logoUri: row.logoUri,
          scopes: knownScopes(row.scopes).filter((scope) => scope !== 'openid'),
          connectedAt: row.connectedAt.toISOString(),
        })),
      };
    },

    /** Withdraws the platform's access: the agreement, its grants and refresh tokens. */
    async withdraw(accountId: number, clientId: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        const inTransaction = createPlatformsRepository(tx);
        const had = await inTransaction.disconnect(String(accountId), clientId);
        const grants = await inTransaction.revokeGrants(clientId, String(accountId));
        if (!had && grants === 0) {
          throw new NotFoundError({
            id: 'platform_not_connected',
            message: PLATFORM_MESSAGES.connectedNotFound,
          });
        }
        await audit.record(
          { action: 'platform-withdrawn', outcome: 'withdrawn', ip, target: clientId, clientId },
          tx,
        );
      });
    },
  };
}
export type PlatformsService = ReturnType<typeof createPlatformsService>;
