import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { announcements } from '../db/schema';

export type AnnouncementRow = typeof announcements.$inferSelect;
type Schedule = { description: string; startsAt: Date | null; endsAt: Date | null };

// Staff keep a handful; the console lists this many, newest first, and no more.
const CONSOLE_LIST_LIMIT = 200;
// The bar shows one: a few spare for clients that pick by their own rules.
const PUBLIC_LIST_LIMIT = 10;

/** SQL only: the announcements table, on the database or inside a transaction. */
export function createAnnouncementsRepository(db: Db | Transaction) {
  return {
    /** Active and inside their schedule at the database's now, newest change first. */
    showingNow() {
      return db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.isActive, true),
            or(isNull(announcements.startsAt), lte(announcements.startsAt, sql`now()`)),
            or(isNull(announcements.endsAt), gt(announcements.endsAt, sql`now()`)),
          ),
        )
        .orderBy(desc(announcements.updatedAt), desc(announcements.id))
        .limit(PUBLIC_LIST_LIMIT);
    },
    all() {
      return db
        .select()
        .from(announcements)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(CONSOLE_LIST_LIMIT);
    },
    /** The row as it is before a change, held until the transaction ends. */
    async hold(id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db
        .select()
        .from(announcements)
        .where(eq(announcements.id, id))
        .for('update');
      return row;
    },
    async insert(values: Schedule & { staffId: number }) {
      const [row] = await db
        .insert(announcements)
        .values({
          description: values.description,
          startsAt: values.startsAt,
          endsAt: values.endsAt,
          createdBy: values.staffId,
          updatedBy: values.staffId,
        })
        .returning();
      return row!;
    },
    /** The changed row, or undefined when there is no such announcement. */
    async update(
      id: number,
      values: (Schedule | { isActive: boolean }) & { staffId: number },
    ): Promise<AnnouncementRow | undefined> {
      const { staffId, ...changes } = values;
      const [row] = await db
        .update(announcements)
        .set({ ...changes, updatedBy: staffId, updatedAt: sql`now()` })
        .where(eq(announcements.id, id))
        .returning();
      return row;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
