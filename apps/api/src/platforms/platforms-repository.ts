import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { oidcModels, platformClients, platformConnections } from '../db/schema';

export type PlatformRow = typeof platformClients.$inferSelect;
export type NewPlatformRow = typeof platformClients.$inferInsert;
export type PlatformChange = Partial<Omit<NewPlatformRow, 'clientId' | 'createdAt' | 'createdBy'>>;

/** The provider's models that hang on a grant: its codes and tokens. */
const GRANT_MODELS = ['AuthorizationCode', 'AccessToken', 'RefreshToken'] as const;

/** SQL only: the registered platforms, the people's connections to them, and their grants. */
export function createPlatformsRepository(db: Db | Transaction) {
  /** Ends the grants (and their codes and tokens) of a client, of one account or of everyone. */
  async function revokeGrants(clientId: string, accountId?: string) {
    const grants = and(
      eq(oidcModels.model, 'Grant'),
      sql`${oidcModels.payload}->>'clientId' = ${clientId}`,
      accountId === undefined ? undefined : eq(oidcModels.accountId, accountId),
    );
    const ids = (await db.select({ id: oidcModels.id }).from(oidcModels).where(grants)).map(
      (row) => row.id,
    );
    if (ids.length === 0) return 0;
    await db
      .delete(oidcModels)
      .where(
        or(
          and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, ids)),
          and(inArray(oidcModels.model, [...GRANT_MODELS]), inArray(oidcModels.grantId, ids)),
        ),
      );
    return ids.length;
  }

  return {
    all: () => db.select().from(platformClients).orderBy(asc(platformClients.name)),

    async find(clientId: string): Promise<PlatformRow | undefined> {
      const [row] = await db
        .select()
        .from(platformClients)
        .where(eq(platformClients.clientId, clientId));
      return row;
    },

    /** The platform, held until the transaction ends: two admins' changes go one after the other. */
    async hold(clientId: string): Promise<PlatformRow | undefined> {
      const [row] = await db
        .select()
        .from(platformClients)
        .where(eq(platformClients.clientId, clientId))
        .for('update');
      return row;
    },

    /** Inserts unless the id is taken; undefined then. */
    async insert(values: NewPlatformRow): Promise<PlatformRow | undefined> {
      const [row] = await db
        .insert(platformClients)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(clientId: string, change: PlatformChange): Promise<PlatformRow> {
      const [row] = await db
        .update(platformClients)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(platformClients.clientId, clientId))
        .returning();
      return row!;
    },

    revokeGrants,

    async connection(accountId: string, clientId: string) {
      const [row] = await db
        .select({ scopes: platformConnections.scopes })
        .from(platformConnections)
        .where(
          and(
            eq(platformConnections.accountId, accountId),
            eq(platformConnections.clientId, clientId),
          ),
        );
      return row;
    },

    /** Records what the person agreed to, adding to what they agreed to before. */
    async connect(accountId: string, clientId: string, scopes: readonly string[]) {
      await db
        .insert(platformConnections)
        .values({ accountId, clientId, scopes: [...scopes] })
        .onConflictDoUpdate({
          target: [platformConnections.accountId, platformConnections.clientId],
          set: {
            scopes: sql`ARRAY(SELECT DISTINCT unnest(${platformConnections.scopes} || excluded.scopes) ORDER BY 1)`,
            updatedAt: sql`now()`,
          },
        });
    },

    connections: (accountId: string) =>
      db
        .select({
          clientId: platformClients.clientId,
          name: platformClients.name,
          logoUri: platformClients.logoUri,
          scopes: platformConnections.scopes,
          connectedAt: platformConnections.connectedAt,
        })
        .from(platformConnections)
        .innerJoin(platformClients, eq(platformClients.clientId, platformConnections.clientId))
        .where(eq(platformConnections.accountId, accountId))
        .orderBy(asc(platformClients.name)),

    /** Forgets the person's agreement; true when there was one. */
    async disconnect(accountId: string, clientId: string): Promise<boolean> {
      const rows = await db
        .delete(platformConnections)
        .where(
          and(
            eq(platformConnections.accountId, accountId),
            eq(platformConnections.clientId, clientId),
          ),
        )
        .returning({ clientId: platformConnections.clientId });
      return rows.length > 0;
    },
  };
}
export type PlatformsRepository = ReturnType<typeof createPlatformsRepository>;
