import { and, eq, gt, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db, Transaction } from '../db/database';
import { oidcModels } from '../db/schema';
import { rowsOf } from '../db/rows-of';

/** A stored model as the adapter reads it back. */
export type OidcModelRow = { payload: unknown; consumedAt: Date | null };

/** A stored session with the browser it last came from. */
export type AccountSessionRow = {
  payload: unknown;
  userAgent: string | null;
  lastUsedAt: Date | null;
};

// The user agent column's length.
const USER_AGENT_CHARS = 512;

const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));
const SELECTED = { payload: oidcModels.payload, consumedAt: oidcModels.consumedAt };

/** SQL only: oidc-provider's sessions, grants, codes and tokens, one `model` each. */
export function createOidcAdapterRepository(db: Db | Transaction) {
  const row = (model: string, id: string) =>
    and(eq(oidcModels.model, model), eq(oidcModels.id, id));
  /** The live sessions of an account, with the browser each last came from. */
  const accountSessions = (accountId: string): Promise<AccountSessionRow[]> =>
    db
      .select({
        payload: oidcModels.payload,
        userAgent: oidcModels.userAgent,
        lastUsedAt: oidcModels.lastUsedAt,
      })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.accountId, accountId), live()));

  return {
    /**
     * Stores the model, expiring `expiresIn` seconds from the database's now (or never); a
     * session saved in a browser's request notes that use (`used`) in the same statement.
     */
    async upsert(
      model: string,
      id: string,
      payload: AdapterPayload,
      expiresIn?: number,
      used?: { userAgent: string | undefined },
    ) {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? sql`now() + make_interval(secs => ${expiresIn})` : null,
        ...(used
          ? {
              lastUsedAt: sql`now()`,
              ...(used.userAgent ? { userAgent: used.userAgent.slice(0, USER_AGENT_CHARS) } : {}),
            }
          : {}),
      };
      await db
        .insert(oidcModels)
        .values({ model, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
    },

    async find(model: string, id: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(and(row(model, id), live()));
      return found;
    },

    /**
     * A token and, in the same statement, the grant it was issued through and the session it is
     * bound to: a token request reads all three, one after the other.
     */
    async findWithGrantAndSession(
      model: string,
      id: string,
    ): Promise<
      | { token: OidcModelRow; grant: OidcModelRow | undefined; session: OidcModelRow | undefined }
      | undefined
    > {
      const [found] = await rowsOf<{
        payload: unknown;
        consumed_at: string | Date | null;
        grant_payload: unknown;
        grant_consumed_at: string | Date | null;
        session_payload: unknown;
        session_consumed_at: string | Date | null;
      }>(
        db,
        sql`SELECT t.payload, t.consumed_at,
              g.payload AS grant_payload, g.consumed_at AS grant_consumed_at,
              s.payload AS session_payload, s.consumed_at AS session_consumed_at
            FROM oidc_models t
            LEFT JOIN oidc_models g ON g.model = 'Grant' AND g.id = t.grant_id
              AND (g.expires_at IS NULL OR g.expires_at > now())
            LEFT JOIN oidc_models s ON s.model = 'Session' AND s.uid = t.payload->>'sessionUid'
              AND (s.expires_at IS NULL OR s.expires_at > now())
            WHERE t.model = ${model} AND t.id = ${id}
              AND (t.expires_at IS NULL OR t.expires_at > now())`,
      );
      if (!found) return undefined;
      const at = (value: string | Date | null) => (value === null ? null : new Date(value));
      const rowOf = (payload: unknown, consumedAt: string | Date | null) =>
        payload === null ? undefined : { payload, consumedAt: at(consumedAt) };
      return {
        token: { payload: found.payload, consumedAt: at(found.consumed_at) },
        grant: rowOf(found.grant_payload, found.grant_consumed_at),
        session: rowOf(found.session_payload, found.session_consumed_at),
      };
    },

    /** A grant by its id and a session by its uid, in one statement (a code's token request). */
    async grantAndSession(
      grantId: string | undefined,
      sessionUid: string | undefined,
    ): Promise<{ grant: OidcModelRow | undefined; session: OidcModelRow | undefined }> {
      const rows = await db
        .select({ model: oidcModels.model, ...SELECTED })
        .from(oidcModels)
        .where(
          and(
            or(
              and(eq(oidcModels.model, 'Grant'), eq(oidcModels.id, grantId ?? '')),
              and(eq(oidcModels.model, 'Session'), eq(oidcModels.uid, sessionUid ?? '')),
            ),
            live(),
          ),
        );
      const of = (model: string) => {
        const row = rows.find((found) => found.model === model);
        return row ? { payload: row.payload, consumedAt: row.consumedAt } : undefined;
      };
      return { grant: of('Grant'), session: of('Session') };
    },

    async findByUid(model: string, uid: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.uid, uid), live()));
      return found;
    },

    // Only the device flow asks, and it is off: no index serves this.
    async findByUserCode(model: string, userCode: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.model, model),
            sql`${oidcModels.payload}->>'userCode' = ${userCode}`,
            live(),
          ),
        );
      return found;
    },

    async consume(model: string, id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(row(model, id));
    },

    /**
     * Consumes a token and notes its session's use by the same browser, in one statement: a
     * refresh does both.
     */
    async consumeNotingSession(
      model: string,
      id: string,
      sessionUid: string,
      userAgent: string | undefined,
    ): Promise<void> {
      const agent = userAgent ? userAgent.slice(0, USER_AGENT_CHARS) : null;
      await db.execute(
        sql`UPDATE oidc_models SET
              consumed_at = CASE WHEN model = ${model} THEN now() ELSE consumed_at END,
              last_used_at = CASE WHEN model = 'Session' THEN now() ELSE last_used_at END,
              user_agent = CASE WHEN model = 'Session' THEN coalesce(${agent}, user_agent)
                ELSE user_agent END
            WHERE (model = ${model} AND id = ${id}) OR (model = 'Session' AND uid = ${sessionUid})`,
      );
    },

    async destroy(model: string, id: string): Promise<void> {
      await db.delete(oidcModels).where(row(model, id));
    },

    async revokeByGrantId(model: string, grantId: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.grantId, grantId)));
    },

    /**
     * Notes a session's use by a browser: its user agent (cut to the column) and now. The
     * provider's own saves of the row leave both as they are.
     */
    async recordSessionUse(uid: string, userAgent: string | undefined): Promise<void> {
      await db
        .update(oidcModels)
        .set({
          lastUsedAt: sql`now()`,
          ...(userAgent ? { userAgent: userAgent.slice(0, USER_AGENT_CHARS) } : {}),
        })
        .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.uid, uid)));
    },

    /** The live sessions of an account, as the provider stored them. */
    async sessionsOf(accountId: string): Promise<unknown[]> {
      return (await accountSessions(accountId)).map((row) => row.payload);
    },

    accountSessions,

    /**
     * Ends sessions of an account and everything issued through their grants (codes, refresh
     * tokens, the grants themselves): `only` those sessions, or every model of the account
     * `except` the one session and its grants.
     */
    async endSessions(
      accountId: string,
      which: { only: string[] } | { except: string; exceptGrants: string[] },
      grantIds: string[],
    ): Promise<void> {
      const account = eq(oidcModels.accountId, accountId);
      if ('only' in which) {
        if (which.only.length === 0) return;
        await db
          .delete(oidcModels)
          .where(
            and(account, eq(oidcModels.model, 'Session'), inArray(oidcModels.uid, which.only)),
          );
        if (grantIds.length === 0) return;
        await db
          .delete(oidcModels)
          .where(
            or(
              inArray(oidcModels.grantId, grantIds),
              and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, grantIds)),
            ),
          );
        return;
      }
      const kept = which.exceptGrants;
      await db
        .delete(oidcModels)
        .where(
          and(
            account,
            or(
              ne(oidcModels.model, 'Session'),
              isNull(oidcModels.uid),
              ne(oidcModels.uid, which.except),
            ),
            ...(kept.length > 0
              ? [
                  or(isNull(oidcModels.grantId), notInArray(oidcModels.grantId, kept)),
                  or(ne(oidcModels.model, 'Grant'), notInArray(oidcModels.id, kept)),
                ]
              : []),
          ),
        );
    },

    /** Every model of an account: its sessions, grants, codes and tokens. */
    async revokeAccount(accountId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.accountId, accountId));
    },
  };
}
