import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { passkeyChallenges, passkeys } from '../db/schema';

export type PasskeyOwner = { kind: 'staff' | 'learning'; id: number };
export type PasskeyRow = typeof passkeys.$inferSelect;
export type Ceremony = 'registration' | 'authentication';

/** The owner as the sign-in provider and the audit trail name it: `staff:<id>` or `<id>`. */
export const ownerKey = (owner: PasskeyOwner): string =>
  owner.kind === 'staff' ? `staff:${owner.id}` : String(owner.id);

const ownerColumns = (owner: PasskeyOwner) =>
  owner.kind === 'staff'
    ? { staffId: owner.id, learningAccountId: null }
    : { staffId: null, learningAccountId: owner.id };

const ownedBy = (table: typeof passkeys | typeof passkeyChallenges, owner: PasskeyOwner) =>
  owner.kind === 'staff' ? eq(table.staffId, owner.id) : eq(table.learningAccountId, owner.id);

/** SQL only: passkeys and the challenges of their ceremonies. */
export function createPasskeysRepository(db: Db | Transaction) {
  return {
    list(owner: PasskeyOwner): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(ownedBy(passkeys, owner))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async count(owner: PasskeyOwner): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(ownedBy(passkeys, owner));
      return Number(row?.n ?? 0);
    },

    /** The owner's passkey with this credential id: another owner's is not found. */
    async byCredentialId(owner: PasskeyOwner, credentialId: string) {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(and(ownedBy(passkeys, owner), eq(passkeys.credentialId, credentialId)));
      return row;
    },

    /** A new passkey; undefined when its credential is registered already (to anyone). */
    async insert(
      owner: PasskeyOwner,
      values: Pick<PasskeyRow, 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'label'>,
    ): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .insert(passkeys)
        .values({ ...ownerColumns(owner), ...values })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async recordUse(id: number, signCount: number): Promise<void> {
      await db
        .update(passkeys)
        .set({ signCount, lastUsedAt: sql`now()` })
        .where(eq(passkeys.id, id));
    },

    /** Removes one of the owner's passkeys; false when the owner holds none with this id. */
    async remove(owner: PasskeyOwner, id: number): Promise<boolean> {
      const removed = await db
        .delete(passkeys)
        .where(and(ownedBy(passkeys, owner), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      return removed.length === 1;
    },

    /** Opens a challenge for the owner's ceremony in place of any still open. */
    async openChallenge(
      owner: PasskeyOwner,
      ceremony: Ceremony,
      challenge: string,
      minutes: number,
    ): Promise<void> {
      await db
        .delete(passkeyChallenges)
        .where(and(ownedBy(passkeyChallenges, owner), eq(passkeyChallenges.ceremony, ceremony)));
      await db.insert(passkeyChallenges).values({
        challenge,
        ceremony,
        ...ownerColumns(owner),
        expiresAt: sql`now() + make_interval(mins => ${minutes})`,
      });
    },

    /**
     * Spends the owner's open challenge of this ceremony: true when it was open and unexpired.
     * Spent either way: an answer, right or wrong, is the only one the challenge gets.
     */
    async takeChallenge(owner: PasskeyOwner, ceremony: Ceremony, challenge: string) {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challenge, challenge),
            eq(passkeyChallenges.ceremony, ceremony),
            ownedBy(passkeyChallenges, owner),
          ),
        )
        .returning({ open: sql<boolean>`${passkeyChallenges.expiresAt} > now()` });
      return row?.open === true;
    },
  };
}
