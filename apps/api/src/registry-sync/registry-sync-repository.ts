import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import type { CsvValue } from '../registry/csv';
import { REGISTRY_COLUMNS, type RegistryTable } from '../registry/registry-copy';
import { registrySyncs } from '../db/schema';

/** An import's run as the service moves it on; `cursor` is where its current phase stands. */
export type SyncRun = {
  id: number;
  source: string;
  as_of: string;
  phase: 'staging' | 'people' | 'left' | 'done';
  cursor: number;
  claim_token: string;
};

/** A run's row as stored: its counts, for the report. */
export type SyncRunRow = Record<string, unknown>;

// A running import renews its hold at every batch; a crashed one is taken over after this.
const CLAIM_MINUTES = 10;

/** The NPSN rule of `schools`: a school breaking it is left out and counted. */
const NPSN_FORMAT = '^([0-9]{8}|[PK][0-9]{7})$';

/**
 * Whether staged row `s` breaks a check of `people` (the NIK's 16 digits, the student number's
 * 10, a student number only for students): applied, it would fail its batch on every retry.
 */
const MALFORMED = sql`(s.nik !~ '^[0-9]{16}$'
  OR (s.nisn IS NOT NULL AND (s.nisn !~ '^[0-9]{10}$' OR s.kind <> 'pd')))`;

/** Whether staged row `s` claims a `key` that another staged or stored person keeps. */
const keyTaken = (key: 'nisn' | 'nuptk'): SQL => {
  const column = sql.raw(key);
  return sql`(s.${column} IS NOT NULL AND (
    EXISTS (SELECT 1 FROM registry_sync_people o WHERE o.${column} = s.${column} AND o.nik <> s.nik)
    OR EXISTS (SELECT 1 FROM people h WHERE h.${column} = s.${column} AND h.nik <> s.nik)))`;
};

/** Left as stored: a row that breaks the registry's rules, or a key another person keeps. */
const LEFT_AS_STORED = sql`(${MALFORMED} OR ${keyTaken('nisn')} OR ${keyTaken('nuptk')})`;

const PERSON_FIELDS = sql.raw(`kind, nisn, nuptk, full_name, name_key, gender, birth_date,
  mother_name, mother_name_key, personal_email, phone`);

const fieldsOf = (alias: string): string =>
  `${alias}.kind, ${alias}.nisn, ${alias}.nuptk, ${alias}.full_name, ${alias}.name_key,
   ${alias}.gender, ${alias}.birth_date, ${alias}.mother_name, ${alias}.mother_name_key,
   ${alias}.personal_email, ${alias}.phone`;

/** A registry table's columns in the order of its CSV lines, as text as the lines hold them. */
const asText = (table: RegistryTable): SQL =>
  sql.raw(REGISTRY_COLUMNS[table].map((column) => `${column}::text`).join(', '));

/** The staged people of rows `from` to `to`. */
const batchOf = (from: number, to: number): SQL => sql`s.row BETWEEN ${from} AND ${to}`;

/**
 * SQL only: the registry imports' runs, their staging tables and what a batch applies to the
 * registry. On the db, or on the transaction of the batch that also moves the run on.
 */
export function createRegistrySyncRepository(db: Db | Transaction) {
  /** Moves the run on and renews its hold; false when it lost the hold to another import. */
  const advance = async (run: SyncRun, set: SQL): Promise<boolean> => {
    const held = await rowsOf<{ id: number }>(
      db,
      sql`UPDATE registry_syncs SET ${set},
            claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES})
          WHERE id = ${run.id} AND claim_token = ${run.claim_token} RETURNING id`,
    );
    return held.length > 0;
  };
  const asRun = (row: SyncRun | undefined): SyncRun | null =>
    row ? { ...row, cursor: Number(row.cursor) } : null;

  return {
    /** Those of `sources` whose import finished. */
    async finishedSources(sources: string[]): Promise<Set<string>> {
      const runs = await db
        .select({ source: registrySyncs.source, finishedAt: registrySyncs.finishedAt })
        .from(registrySyncs)
        .where(inArray(registrySyncs.source, sources));
      return new Set(runs.filter((run) => run.finishedAt !== null).map((run) => run.source));
    },

    async runOf(source: string): Promise<SyncRunRow | undefined> {
      const [row] = await rowsOf<SyncRunRow>(
        db,
        sql`SELECT * FROM registry_syncs WHERE source = ${source}`,
      );
      return row;
    },

    /** The unfinished run, locked for the transaction, and whether an import holds it now. */
    async unfinishedRun(): Promise<{ id: number; source: string; held: boolean } | undefined> {
      const [running] = await rowsOf<{ id: number; source: string; held: boolean }>(
        db,
        sql`SELECT id, source, claimed_until > now() AS held FROM registry_syncs
            WHERE finished_at IS NULL FOR UPDATE`,
      );
      return running;
    },

    async giveUp(id: number): Promise<void> {
      await db.execute(sql`UPDATE registry_syncs SET phase = 'given-up', finished_at = now(),
        claimed_until = NULL, claim_token = NULL WHERE id = ${id}`);
    },

    /** Holds the run under `token`, to resume it. */
    async resume(id: number, token: string): Promise<SyncRun | null> {
      const [resumed] = await rowsOf<SyncRun>(
        db,
        sql`UPDATE registry_syncs SET claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES}),
              claim_token = ${token}
            WHERE id = ${id}
            RETURNING id, source, as_of::text, phase, cursor, claim_token`,
      );
      return asRun(resumed);
    },

    /** Starts and holds the run of `source`; none when it was imported already. */
    async start(source: string, asOf: string, token: string): Promise<SyncRun | null> {
      const [started] = await rowsOf<SyncRun>(
        db,
        sql`INSERT INTO registry_syncs (source, as_of, claimed_until, claim_token)
            VALUES (${source}, ${asOf}, now() + make_interval(mins => ${CLAIM_MINUTES}), ${token})
            ON CONFLICT (source) DO NOTHING
            RETURNING id, source, as_of::text, phase, cursor, claim_token`,
      );
      return asRun(started);
    },

    /** Lets go of the run at once, so that the next import resumes it without waiting. */
    async letGo(run: SyncRun): Promise<void> {
      await db.execute(
        sql`UPDATE registry_syncs SET claimed_until = NULL, claim_token = NULL
        WHERE id = ${run.id} AND claim_token = ${run.claim_token}`,
      );
    },

    /** Marks the run done; none when another import holds it. */
    async finish(run: SyncRun): Promise<SyncRunRow | undefined> {
      const [finished] = await rowsOf<SyncRunRow>(
        db,
        sql`UPDATE registry_syncs SET phase = 'done', finished_at = now(), claimed_until = NULL,
              claim_token = NULL
            WHERE id = ${run.id} AND claim_token = ${run.claim_token} RETURNING *`,
      );
      return finished;
    },

    async emptyStaging(): Promise<void> {
      await db.execute(sql`TRUNCATE registry_sync_people, registry_sync_memberships,
        registry_sync_schools RESTART IDENTITY`);
    },

    async analyzeStaging(): Promise<void> {
      await db.execute(sql`ANALYZE registry_sync_people, registry_sync_memberships`);
    },

    /** The staged schools into `schools`, rewriting only the rows that differ. */
    async applySchools(): Promise<void> {
      await db.execute(sql`INSERT INTO schools (npsn, name, name_key, level, regency_code, address)
        SELECT npsn, name, name_key, level, regency_code, address FROM registry_sync_schools
        WHERE npsn ~ ${NPSN_FORMAT}
        ON CONFLICT (npsn) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
          level = excluded.level, regency_code = excluded.regency_code, address = excluded.address
        WHERE (schools.name, schools.name_key, schools.level, schools.regency_code, schools.address)
          IS DISTINCT FROM (excluded.name, excluded.name_key, excluded.level,
            excluded.regency_code, excluded.address)`);
    },

    /** Staged: on to the people, counting the staged people and the malformed schools. */
    advanceToPeople: (run: SyncRun) =>
      advance(
        run,
        sql`phase = 'people', cursor = 0,
          staged = (SELECT count(*) FROM registry_sync_people),
          conflicts = (SELECT count(*) FROM registry_sync_schools WHERE npsn !~ ${NPSN_FORMAT})`,
      ),

    async lastStagedRow(): Promise<number> {
      const [last] = await rowsOf<{ max: string | null }>(
        db,
        sql`SELECT max(row)::text AS max FROM registry_sync_people`,
      );
      return Number(last?.max ?? 0);
    },

    /**
     * Takes `key` from stored people the batch's snapshot rows (well-formed ones) give it to
     * someone else, when the snapshot does not give it to them and speaks for them (an educator
     * or student, who leaves the registry when absent from it; an office's staff member absent
     * from it keeps the key). Driven by the batch's rows through the unique index: it never
     * scans the registry. `counted`: a change no later batch will count (their row was applied,
     * or will find nothing left to change).
     */
    releaseKey(
      key: 'nisn' | 'nuptk',
      from: number,
      to: number,
    ): Promise<{ id: number; counted: boolean }[]> {
      const column = sql.raw(key);
      return rowsOf(
        db,
        sql`UPDATE people h SET ${column} = NULL, updated_at = now()
          FROM registry_sync_people s
          WHERE ${batchOf(from, to)} AND NOT ${MALFORMED}
            AND s.${column} IS NOT NULL AND h.${column} = s.${column} AND h.nik <> s.nik
            AND NOT EXISTS (SELECT 1 FROM registry_sync_people o
              WHERE o.nik = h.nik AND o.${column} = h.${column})
            AND (h.kind IN ('ptk', 'pd') OR EXISTS (SELECT 1 FROM registry_sync_people o
              WHERE o.nik = h.nik))
          RETURNING h.id, EXISTS (SELECT 1 FROM registry_sync_people o WHERE o.nik = h.nik
            AND (o.row <= ${to} OR (${sql.raw(fieldsOf('o'))}) IS NOT DISTINCT FROM (${sql.raw(fieldsOf('h'))})))
            AS counted`,
      );
    },

    /**
     * The batch's rows left as stored: malformed, a key the snapshot gives two people, or one
     * still held by a person the snapshot does not speak for.
     */
    conflicts: (from: number, to: number): Promise<{ row: number }[]> =>
      rowsOf(
        db,
        sql`SELECT s.row FROM registry_sync_people s
            WHERE ${batchOf(from, to)} AND ${LEFT_AS_STORED}`,
      ),

    /** The batch's people new to the registry (the rows left as stored aside). */
    addPeople: (from: number, to: number): Promise<{ id: number; kind: string }[]> =>
      rowsOf(
        db,
        sql`INSERT INTO people (nik, ${PERSON_FIELDS})
            SELECT s.nik, ${sql.raw(fieldsOf('s'))} FROM registry_sync_people s
            WHERE ${batchOf(from, to)} AND NOT ${LEFT_AS_STORED}
              AND NOT EXISTS (SELECT 1 FROM people p WHERE p.nik = s.nik)
            RETURNING id, kind`,
      ),

    /** The batch's stored people whose fields differ (the rows left as stored aside). */
    updatePeople: (from: number, to: number): Promise<{ id: number }[]> =>
      rowsOf(
        db,
        sql`UPDATE people p SET (${PERSON_FIELDS}, updated_at) =
              (${sql.raw(fieldsOf('s'))}, now())
            FROM registry_sync_people s
            WHERE ${batchOf(from, to)} AND NOT ${LEFT_AS_STORED} AND p.nik = s.nik
              AND (${sql.raw(fieldsOf('p'))}) IS DISTINCT FROM (${sql.raw(fieldsOf('s'))})
            RETURNING p.id`,
      ),

    /** The batch's memberships of known schools, new or with a changed leaving date. */
    upsertMemberships: (from: number, to: number): Promise<{ person_id: number }[]> =>
      rowsOf(
        db,
        sql`INSERT INTO school_memberships (person_id, npsn, role, left_on)
            SELECT p.id, m.npsn, m.role, m.left_on FROM registry_sync_people s
              JOIN people p ON p.nik = s.nik
              JOIN registry_sync_memberships m ON m.snapshot_person_id = s.snapshot_id
            WHERE ${batchOf(from, to)} AND EXISTS (SELECT 1 FROM schools sc WHERE sc.npsn = m.npsn)
            ON CONFLICT (person_id, npsn, role) DO UPDATE SET left_on = excluded.left_on
            WHERE school_memberships.left_on IS DISTINCT FROM excluded.left_on
            RETURNING person_id`,
      ),

    /** The memberships of the batch's people that the snapshot no longer lists. */
    dropMemberships: (from: number, to: number): Promise<{ person_id: number }[]> =>
      rowsOf(
        db,
        sql`DELETE FROM school_memberships sm USING registry_sync_people s
              JOIN people p ON p.nik = s.nik
            WHERE ${batchOf(from, to)} AND sm.person_id = p.id AND NOT EXISTS (
              SELECT 1 FROM registry_sync_memberships m WHERE m.snapshot_person_id = s.snapshot_id
                AND m.npsn = sm.npsn AND m.role = sm.role)
            RETURNING sm.person_id`,
      ),

    /** Cancels, and audits, the open deletions of the batch's people. */
    cancelDeletions: (from: number, to: number): Promise<{ id: number }[]> =>
      rowsOf(
        db,
        sql`WITH cancelled AS (
              UPDATE account_deletions d SET status = 'cancelled', closed_at = now()
              FROM registry_sync_people s JOIN people p ON p.nik = s.nik
              WHERE ${batchOf(from, to)} AND d.person_id = p.id
                AND d.status IN ('scheduled', 'reported')
              RETURNING d.id, d.person_id, d.kind)
            INSERT INTO audit_events (action, outcome, user_type, person_id)
            SELECT 'account-deletion', 'cancelled-returned', kind, person_id FROM cancelled
            RETURNING id`,
      ),

    /** The batch of people applied: the cursor and the counts move on. */
    advancePeople: (
      run: SyncRun,
      to: number,
      counts: {
        added: number;
        changed: number;
        returned: number;
        conflicts: number;
        accountsRequested: number;
      },
    ) =>
      advance(
        run,
        sql`cursor = ${to}, added = added + ${counts.added},
          changed = changed + ${counts.changed}, returned = returned + ${counts.returned},
          conflicts = conflicts + ${counts.conflicts},
          accounts_requested = accounts_requested + ${counts.accountsRequested}`,
      ),

    advanceToLeft: (run: SyncRun) => advance(run, sql`phase = 'left', cursor = 0`),

    async asOf(run: SyncRun): Promise<string> {
      const [row] = await rowsOf<{ as_of: string }>(
        db,
        sql`SELECT as_of::text FROM registry_syncs WHERE id = ${run.id}`,
      );
      return row!.as_of;
    },

    async lastPersonId(): Promise<number> {
      const [last] = await rowsOf<{ max: string | null }>(
        db,
        sql`SELECT max(id)::text AS max FROM people`,
      );
      return Number(last?.max ?? 0);
    },

    /**
     * Educators and students with ids in (`from`, `to`] stored but not staged: with an account,
     * its deletion is scheduled for `deletionOn` and audited; without one, the person is removed.
     */
    async scheduleLeft(
      from: number,
      to: number,
      deletionOn: string,
      removalOn: string,
    ): Promise<{ scheduled: number; removed: number }> {
      const [counts] = await rowsOf<{ scheduled: number; removed: number }>(
        db,
        sql`WITH gone AS (
              SELECT p.id, p.kind, EXISTS (SELECT 1 FROM learning_accounts a
                WHERE a.person_id = p.id) AS has_account
              FROM people p
              WHERE p.id > ${from} AND p.id <= ${to} AND p.kind IN ('ptk', 'pd')
                AND NOT EXISTS (SELECT 1 FROM registry_sync_people s WHERE s.nik = p.nik)
                AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.person_id = p.id
                  AND d.status IN ('scheduled', 'reported', 'disabled'))),
            scheduled AS (
              INSERT INTO account_deletions (person_id, kind, deletion_on, removal_on)
              SELECT id, kind, ${deletionOn}, ${removalOn} FROM gone WHERE has_account
              RETURNING person_id, kind),
            audited AS (
              INSERT INTO audit_events (action, outcome, user_type, person_id)
              SELECT 'account-deletion', 'scheduled', kind, person_id FROM scheduled),
            removed AS (
              DELETE FROM people WHERE id IN (SELECT id FROM gone WHERE NOT has_account)
              RETURNING id)
            SELECT (SELECT count(*) FROM scheduled)::int AS scheduled,
              (SELECT count(*) FROM removed)::int AS removed`,
      );
      return { scheduled: counts?.scheduled ?? 0, removed: counts?.removed ?? 0 };
    },

    /** The left phase's batch applied: the cursor and the count of departed move on. */
    advanceLeft: (run: SyncRun, to: number, departed: number) =>
      advance(run, sql`cursor = ${to}, departed = departed + ${departed}`),

    /** The stored schools as a snapshot's lines carry them. */
    storedSchools: (): Promise<Record<string, CsvValue>[]> =>
      rowsOf(db, sql`SELECT ${asText('schools')} FROM schools`),

    /**
     * The stored educators and students as a snapshot's lines carry them, by id (the table's:
     * the answer's `id` is text, and would sort 10 before 9).
     */
    storedPeople: (): Promise<Record<string, CsvValue>[]> =>
      rowsOf(
        db,
        sql`SELECT ${asText('people')} FROM people WHERE kind IN ('ptk', 'pd') ORDER BY people.id`,
      ),

    /** The stored memberships as a snapshot's lines carry them. */
    storedMemberships: (): Promise<Record<string, CsvValue>[]> =>
      rowsOf(db, sql`SELECT ${asText('school_memberships')} FROM school_memberships`),
  };
}
export type RegistrySyncRepository = ReturnType<typeof createRegistrySyncRepository>;
