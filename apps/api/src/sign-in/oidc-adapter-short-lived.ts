import { Redis } from 'ioredis';
import type { AdapterPayload } from 'oidc-provider';

/**
 * The provider's models that live minutes and that nobody lists, revokes or audits: a sign-in in
 * progress (its interaction), the code it ends with, the replay and request state of client
 * assertions and pushed requests. They live in Redis, or in this process's memory without it;
 * everything else stays in PostgreSQL (decision 0288).
 */
export const SHORT_LIVED_MODELS: ReadonlySet<string> = new Set([
  'Interaction',
  'AuthorizationCode',
  'ReplayDetection',
  'PushedAuthorizationRequest',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** A stored model as the adapter reads it back: its payload and when it was consumed. */
export type ShortLivedEntry = { payload: AdapterPayload; consumedAt: number | undefined };

/** Where the short-lived models live: Redis with their TTL, or this process's memory. */
export type ShortLivedStore = {
  kind: 'redis' | 'memory';
  upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
  find(model: string, id: string): Promise<ShortLivedEntry | undefined>;
  findByUid(model: string, uid: string): Promise<ShortLivedEntry | undefined>;
  findByUserCode(model: string, userCode: string): Promise<ShortLivedEntry | undefined>;
  /** Marks the model used (`consumed` in seconds since the epoch), keeping its expiry. */
  consume(model: string, id: string): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Removes every model of this kind issued through the grant. */
  revokeByGrantId(model: string, grantId: string): Promise<void>;
  /** Whether the store answers now (always true in memory). */
  ready(): boolean;
  connect(): Promise<void>;
  close(): Promise<void>;
};

// A model stored without a life would stay forever: none of these may outlive a sign-in by much.
const FALLBACK_TTL_SECONDS = 60 * 60;
const ttlOf = (expiresIn: number | undefined) =>
  expiresIn && expiresIn > 0 ? expiresIn : FALLBACK_TTL_SECONDS;
const nowSeconds = () => Math.floor(Date.now() / 1000);

// Expired memory entries are dropped this often, so the maps stay as small as the live models.
const MEMORY_SWEEP_MS = 60_000;

/**
 * The embedded single-instance default: the models in this process's memory, copied in and out
 * as JSON so a caller's later change of its object never reaches the stored one.
 */
export function createMemoryShortLivedStore(now: () => number = Date.now): ShortLivedStore {
  type Entry = { json: string; consumedAt: number | undefined; expiresAt: number };
  const entries = new Map<string, Entry>();
  const indexes = new Map<string, { id: string; expiresAt: number }>();
  const grants = new Map<string, Set<string>>();
  const key = (model: string, id: string) => `${model}\u0000${id}`;
  const live = (name: string) => {
    const entry = entries.get(name);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(name);
      return undefined;
    }
    return entry;
  };
  const read = (name: string): ShortLivedEntry | undefined => {
    const entry = live(name);
    return entry
      ? { payload: JSON.parse(entry.json) as AdapterPayload, consumedAt: entry.consumedAt }
      : undefined;
  };
  const viaIndex = (model: string, index: string) => {
    const found = indexes.get(index);
    if (!found || found.expiresAt <= now()) return undefined;
    return read(key(model, found.id));
  };
  const sweep = setInterval(() => {
    const at = now();
    for (const [name, entry] of entries) if (entry.expiresAt <= at) entries.delete(name);
    for (const [name, entry] of indexes) if (entry.expiresAt <= at) indexes.delete(name);
    for (const [name, ids] of grants) {
      for (const id of ids) if (!entries.has(id)) ids.delete(id);
      if (ids.size === 0) grants.delete(name);
    }
  }, MEMORY_SWEEP_MS);
  sweep.unref();

  return {
    kind: 'memory',
    async upsert(model, id, payload, expiresIn) {
      const name = key(model, id);
      const expiresAt = now() + ttlOf(expiresIn) * 1000;
      entries.set(name, {
        json: JSON.stringify(payload),
        consumedAt: live(name)?.consumedAt,
        expiresAt,
      });
      if (payload.uid) indexes.set(`uid\u0000${model}\u0000${payload.uid}`, { id, expiresAt });
      if (payload.userCode) {
        indexes.set(`userCode\u0000${model}\u0000${payload.userCode}`, { id, expiresAt });
      }
      if (payload.grantId) {
        const grant = `${model}\u0000${payload.grantId}`;
        grants.set(grant, (grants.get(grant) ?? new Set()).add(name));
      }
    },
    find: async (model, id) => read(key(model, id)),
    findByUid: async (model, uid) => viaIndex(model, `uid\u0000${model}\u0000${uid}`),
    findByUserCode: async (model, userCode) =>
      viaIndex(model, `userCode\u0000${model}\u0000${userCode}`),
    async consume(model, id) {
      const entry = live(key(model, id));
      if (entry) entry.consumedAt = nowSeconds();
    },
    async destroy(model, id) {
      entries.delete(key(model, id));
    },
    async revokeByGrantId(model, grantId) {
      const grant = `${model}\u0000${grantId}`;
      for (const name of grants.get(grant) ?? []) entries.delete(name);
      grants.delete(grant);
    },
    ready: () => true,
    connect: async () => undefined,
    close: async () => clearInterval(sweep),
  };
}

// The model's payload and, once used, when: one hash, so marking it used never rewrites the
// payload and keeps its expiry.
const CONSUME_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'c', ARGV[1])
end
return 0`;

// Every model issued through a grant goes with it: the set names them, the keys are built from
// the prefix given (one Redis, not a cluster: the keys need not share a slot).
const REVOKE_SCRIPT = `
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do
  redis.call('DEL', ARGV[1] .. id)
end
redis.call('DEL', KEYS[1])
return #ids`;

type StateRedis = Redis & {
  consumeModel(key: string, at: number): Promise<number>;
  revokeGrant(grantSet: string, modelPrefix: string): Promise<number>;
};

/**
 * The models in Redis, each a hash expiring with the model's own TTL, beside an index by uid and
 * user code and a set of each grant's models. Commands fail at once while Redis is away (no
 * queue): a sign-in in progress then starts again; the client reconnects in the background.
 */
export function createRedisShortLivedStore(url: string, prefix = 'oidc'): ShortLivedStore {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    lazyConnect: true,
  }) as StateRedis;
  redis.defineCommand('consumeModel', { numberOfKeys: 1, lua: CONSUME_SCRIPT });
  redis.defineCommand('revokeGrant', { numberOfKeys: 1, lua: REVOKE_SCRIPT });
  // Errors reach the commands that fail; the connection's own are only its reconnect attempts.
  redis.on('error', () => undefined);
  const modelKey = (model: string, id: string) => `${prefix}:m:${model}:${id}`;
  const indexKey = (kind: 'uid' | 'uc', model: string, value: string) =>
    `${prefix}:${kind}:${model}:${value}`;
  const grantKey = (model: string, grantId: string) => `${prefix}:g:${model}:${grantId}`;

  const read = async (name: string): Promise<ShortLivedEntry | undefined> => {
    const [json, consumed] = await redis.hmget(name, 'p', 'c');
    if (!json) return undefined;
    return {
      payload: JSON.parse(json) as AdapterPayload,
      consumedAt: consumed ? Number(consumed) : undefined,
    };
  };
  const viaIndex = async (model: string, index: string) => {
    const id = await redis.get(index);
    return id ? read(modelKey(model, id)) : undefined;
  };

  return {
    kind: 'redis',
    async upsert(model, id, payload, expiresIn) {
      const ttlMs = ttlOf(expiresIn) * 1000;
      const name = modelKey(model, id);
      const batch = redis.multi().hset(name, 'p', JSON.stringify(payload)).pexpire(name, ttlMs);
      if (payload.uid) batch.set(indexKey('uid', model, payload.uid), id, 'PX', ttlMs);
      if (payload.userCode) batch.set(indexKey('uc', model, payload.userCode), id, 'PX', ttlMs);
      if (payload.grantId) {
        const grant = grantKey(model, payload.grantId);
        // The set lives as long as the longest of its models: a new set gets this TTL (NX),
        // an existing one a longer TTL only (GT).
        batch.sadd(grant, id).pexpire(grant, ttlMs, 'NX').pexpire(grant, ttlMs, 'GT');
      }
      const results = await batch.exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (!results || failed) throw failed ?? new Error('Redis refused the transaction');
    },
    find: (model, id) => read(modelKey(model, id)),
    findByUid: (model, uid) => viaIndex(model, indexKey('uid', model, uid)),
    findByUserCode: (model, userCode) => viaIndex(model, indexKey('uc', model, userCode)),
    async consume(model, id) {
      await redis.consumeModel(modelKey(model, id), nowSeconds());
    },
    async destroy(model, id) {
      await redis.del(modelKey(model, id));
    },
    async revokeByGrantId(model, grantId) {
      await redis.revokeGrant(grantKey(model, grantId), `${prefix}:m:${model}:`);
    },
    ready: () => redis.status === 'ready',
    async connect() {
      await redis.connect();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The short-lived models' home: Redis when `redisUrl` is set, else this process's memory. */
export const createShortLivedStore = (redisUrl: string | undefined): ShortLivedStore =>
  redisUrl ? createRedisShortLivedStore(redisUrl) : createMemoryShortLivedStore();
