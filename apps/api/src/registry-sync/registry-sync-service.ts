import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_CREATION_QUEUE } from '../accounts/account-creation-jobs';
import type { Database, Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { addDays, jakartaDay, type Clock } from '../jobs/clock';
import type { JobQueue } from '../jobs/job-queue';

/**
 * A registry snapshot: the CSV files the synthetic generator writes (registry-loader.ts
 * `registryCsv`, no header), one folder per snapshot.
 */
export const SNAPSHOT_FILES = ['schools', 'people', 'school_memberships'] as const;
export type SnapshotFile = (typeof SNAPSHOT_FILES)[number];
export type Snapshot = {
  /** Its name, unique: a snapshot is imported once. */
  name: string;
  read(file: SnapshotFile): AsyncIterable<string> | Iterable<string>;
};

export const folderSnapshot = (dir: string): Snapshot => ({
  name: path.basename(dir),
  read: (file) => createReadStream(path.join(dir, `${file}.csv`), { encoding: 'utf8' }),
});

const STAGING = {
  schools: {
    table: 'registry_sync_schools',
    columns: ['npsn', 'name', 'name_key', 'level', 'regency_code', 'address'],
  },
  people: {
    table: 'registry_sync_people',
    columns: [
      'snapshot_id',
      'kind',
      'nik',
      'nisn',
      'nuptk',
      'full_name',
      'name_key',
      'gender',
      'birth_date',
      'mother_name',
      'mother_name_key',
      'personal_email',
      'phone',
    ],
  },
  school_memberships: {
    table: 'registry_sync_memberships',
    columns: ['snapshot_person_id', 'npsn', 'role', 'left_on'],
  },
} as const satisfies Record<SnapshotFile, { table: string; columns: readonly string[] }>;

/** Days between leaving the registry and the stated deletion date: the first notice's lead. */
export const DELETION_LEAD_DAYS = 30;
/** Days after the stated date until the accounts are removed when nobody reported a mistake. */
export const REMOVAL_AFTER_DAYS = 10;
// A running import renews its hold at every batch; a crashed one is taken over after this.
const CLAIM_MINUTES = 10;

export type SyncReport = {
  source: string;
  asOf: string;
  staged: number;
  added: number;
  changed: number;
  /** Educators and students gone from the registry: deletion scheduled, or removed at once. */
  departed: number;
  returned: number;
  accountsRequested: number;
  /**
   * Staged rows left as stored: a person whose NISN or NUPTK is another person's (`keyTaken`)
   * or whose row breaks the registry's rules (`MALFORMED`), and schools with a malformed NPSN.
   */
  conflicts: number;
  /** Already imported before: nothing was done. */
  alreadyImported: boolean;
};

export class SyncBusyError extends Error {
  override name = 'SyncBusyError';
  constructor(source: string) {
    super(`another registry import (${source}) is running`);
  }
}

export type SyncContext = {
  database: Database;
  queue: JobQueue;
  now: Clock;
  /** Staged people per transaction, and stored person ids per transaction of the left phase. */
  batchSize?: number;
  /** Test hook: called after each committed batch (a throw there is a crash between batches). */
  afterBatch?: (phase: 'people' | 'left', cursor: number) => void;
};

type Run = {
  id: number;
  source: string;
  as_of: string;
  phase: 'staging' | 'people' | 'left' | 'done';
  cursor: number;
  claim_token: string;
};

/**
 * Imports a snapshot: stages its files with COPY, then applies the differences to the registry
 * in batches, each one transaction that also moves the run's cursor, so a crash loses at most
 * the batch in flight and the next run resumes there (docs/decisions/0234).
 */
export async function syncRegistry(ctx: SyncContext, snapshot: Snapshot): Promise<SyncReport> {
  const { db } = ctx.database;
  const run = await claimRun(ctx, snapshot.name);
  if (!run) {
    const [done] = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT * FROM registry_syncs WHERE source = ${snapshot.name}`,
    );
    return { ...reportOf(done!), alreadyImported: true };
  }
  try {
    if (run.phase === 'staging') await stage(ctx, snapshot, run);
    if (run.phase === 'people') await applyPeople(ctx, run);
    if (run.phase === 'left') await applyLeft(ctx, run);
  } catch (error) {
    // Let the next run resume at once; a process that died instead holds it until the claim ends.
    await db
      .execute(
        sql`UPDATE registry_syncs SET claimed_until = NULL, claim_token = NULL
        WHERE id = ${run.id} AND claim_token = ${run.claim_token}`,
      )
      .catch(() => undefined);
    throw error;
  }
  await db.execute(sql`TRUNCATE registry_sync_people, registry_sync_memberships,
    registry_sync_schools RESTART IDENTITY`);
  const [finished] = await rowsOf<Record<string, unknown>>(
    db,
    sql`UPDATE registry_syncs SET phase = 'done', finished_at = now(), claimed_until = NULL,
          claim_token = NULL
        WHERE id = ${run.id} AND claim_token = ${run.claim_token} RETURNING *`,
  );
  if (!finished) throw new SyncBusyError(snapshot.name);
  return { ...reportOf(finished), alreadyImported: false };
}

const reportOf = (row: Record<string, unknown>): Omit<SyncReport, 'alreadyImported'> => ({
  source: String(row.source),
  asOf: String(row.as_of).slice(0, 10),
  staged: Number(row.staged),
  added: Number(row.added),
  changed: Number(row.changed),
  departed: Number(row.departed),
  returned: Number(row.returned),
  accountsRequested: Number(row.accounts_requested),
  conflicts: Number(row.conflicts),
});

/**
 * Takes the snapshot's unfinished run when nobody holds it (resume), or starts one; none when
 * the snapshot was imported already. A run of another snapshot left behind is given up: the
 * newer snapshot says everything it would have.
 */
async function claimRun(ctx: SyncContext, source: string): Promise<Run | null> {
  const token = randomBytes(16).toString('hex');
  return ctx.database.db.transaction(async (tx) => {
    const [running] = await rowsOf<Run & { held: boolean }>(
      tx,
      sql`SELECT id, source, claimed_until > now() AS held FROM registry_syncs
          WHERE finished_at IS NULL FOR UPDATE`,
    );
    if (running?.held === true) throw new SyncBusyError(running.source);
    if (running && running.source !== source) {
      await tx.execute(sql`UPDATE registry_syncs SET phase = 'given-up', finished_at = now(),
        claimed_until = NULL, claim_token = NULL WHERE id = ${running.id}`);
    }
    const claim = sql`claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES}),
      claim_token = ${token}`;
    if (running?.source === source) {
      const [resumed] = await rowsOf<Run>(
        tx,
        sql`UPDATE registry_syncs SET ${claim} WHERE id = ${running.id}
            RETURNING id, source, as_of::text, phase, cursor, claim_token`,
      );
      return resumed ? { ...resumed, cursor: Number(resumed.cursor) } : null;
    }
    const [started] = await rowsOf<Run>(
      tx,
      sql`INSERT INTO registry_syncs (source, as_of, claimed_until, claim_token)
          VALUES (${source}, ${jakartaDay(ctx.now())},
            now() + make_interval(mins => ${CLAIM_MINUTES}), ${token})
          ON CONFLICT (source) DO NOTHING
          RETURNING id, source, as_of::text, phase, cursor, claim_token`,
    );
    return started ? { ...started, cursor: Number(started.cursor) } : null;
  });
}

/** Moves the run on, in the batch's transaction; fails (rolling the batch back) if it lost its hold. */
async function advance(tx: Transaction, run: Run, set: SQL): Promise<void> {
  const [held] = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE registry_syncs SET ${set},
          claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES})
        WHERE id = ${run.id} AND claim_token = ${run.claim_token} RETURNING id`,
  );
  if (!held) throw new SyncBusyError(run.source);
}

/** The files into the staging tables (emptied first: a crash mid-way starts staging over). */
async function stage(ctx: SyncContext, snapshot: Snapshot, run: Run): Promise<void> {
  const { database } = ctx;
  await database.db.execute(sql`TRUNCATE registry_sync_people, registry_sync_memberships,
    registry_sync_schools RESTART IDENTITY`);
  for (const file of SNAPSHOT_FILES) {
    await database.copyCsv(STAGING[file].table, STAGING[file].columns, snapshot.read(file));
  }
  await database.db.transaction(async (tx) => {
    // Schools are few (440,000): one statement, rewriting only the rows that differ.
    await tx.execute(sql`INSERT INTO schools (npsn, name, name_key, level, regency_code, address)
      SELECT npsn, name, name_key, level, regency_code, address FROM registry_sync_schools
      WHERE npsn ~ ${NPSN_FORMAT}
      ON CONFLICT (npsn) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
        level = excluded.level, regency_code = excluded.regency_code, address = excluded.address
      WHERE (schools.name, schools.name_key, schools.level, schools.regency_code, schools.address)
        IS DISTINCT FROM (excluded.name, excluded.name_key, excluded.level,
          excluded.regency_code, excluded.address)`);
    await advance(
      tx,
      run,
      sql`phase = 'people', cursor = 0,
        staged = (SELECT count(*) FROM registry_sync_people),
        conflicts = (SELECT count(*) FROM registry_sync_schools WHERE npsn !~ ${NPSN_FORMAT})`,
    );
  });
  await database.db.execute(sql`ANALYZE registry_sync_people, registry_sync_memberships`);
  run.phase = 'people';
  run.cursor = 0;
}

const PERSON_FIELDS = sql.raw(`kind, nisn, nuptk, full_name, name_key, gender, birth_date,
  mother_name, mother_name_key, personal_email, phone`);

/** New and changed people (and their memberships), returns to the registry, staged row by row. */
async function applyPeople(ctx: SyncContext, run: Run): Promise<void> {
  const { db } = ctx.database;
  const size = ctx.batchSize ?? 10_000;
  const [last] = await rowsOf<{ max: string | null }>(
    db,
    sql`SELECT max(row)::text AS max FROM registry_sync_people`,
  );
  const lastRow = Number(last?.max ?? 0);
  while (run.cursor < lastRow) {
    const from = run.cursor + 1;
    const to = run.cursor + size;
    const batch = sql`s.row BETWEEN ${from} AND ${to}`;
    await db.transaction(async (tx) => {
      // The registry may give a student number or NUPTK to another person: whoever holds it and
      // is not given it by the snapshot lets it go first (their own row, in this batch or a
      // later one, sets their new one; gone from the registry, they leave without it). Updating
      // first would hit the unique index on every retry and stop the import.
      const wellFormed = sql`${batch} AND NOT ${MALFORMED}`;
      const released = [
        ...(await rowsOf<{ id: number; counted: boolean }>(tx, release('nisn', wellFormed, to))),
        ...(await rowsOf<{ id: number; counted: boolean }>(tx, release('nuptk', wellFormed, to))),
      ];
      // Left as stored, and counted: a row that breaks the registry's rules, a key the snapshot
      // gives two people, or one still held by a person the snapshot does not speak for. The
      // rest of the batch applies: one bad row never stops an import.
      const leftAsStored = sql`(${MALFORMED} OR ${keyTaken('nisn')} OR ${keyTaken('nuptk')})`;
      const conflicts = await rowsOf<{ row: number }>(
        tx,
        sql`SELECT s.row FROM registry_sync_people s WHERE ${batch} AND ${leftAsStored}`,
      );
      const applies = sql`${batch} AND NOT ${leftAsStored}`;
      const added = await rowsOf<{ id: number; kind: string }>(
        tx,
        sql`INSERT INTO people (nik, ${PERSON_FIELDS})
            SELECT s.nik, ${sql.raw(fieldsOf('s'))} FROM registry_sync_people s
            WHERE ${applies} AND NOT EXISTS (SELECT 1 FROM people p WHERE p.nik = s.nik)
            RETURNING id, kind`,
      );
      const updated = await rowsOf<{ id: number }>(
        tx,
        sql`UPDATE people p SET (${PERSON_FIELDS}, updated_at) =
              (${sql.raw(fieldsOf('s'))}, now())
            FROM registry_sync_people s
            WHERE ${applies} AND p.nik = s.nik
              AND (${sql.raw(fieldsOf('p'))}) IS DISTINCT FROM (${sql.raw(fieldsOf('s'))})
            RETURNING p.id`,
      );
      const batchMemberships = sql`registry_sync_people s
        JOIN people p ON p.nik = s.nik
        JOIN registry_sync_memberships m ON m.snapshot_person_id = s.snapshot_id`;
      const upserted = await rowsOf<{ person_id: number }>(
        tx,
        sql`INSERT INTO school_memberships (person_id, npsn, role, left_on)
            SELECT p.id, m.npsn, m.role, m.left_on FROM ${batchMemberships}
            WHERE ${batch} AND EXISTS (SELECT 1 FROM schools sc WHERE sc.npsn = m.npsn)
            ON CONFLICT (person_id, npsn, role) DO UPDATE SET left_on = excluded.left_on
            WHERE school_memberships.left_on IS DISTINCT FROM excluded.left_on
            RETURNING person_id`,
      );
      const dropped = await rowsOf<{ person_id: number }>(
        tx,
        sql`DELETE FROM school_memberships sm USING registry_sync_people s
              JOIN people p ON p.nik = s.nik
            WHERE ${batch} AND sm.person_id = p.id AND NOT EXISTS (
              SELECT 1 FROM registry_sync_memberships m WHERE m.snapshot_person_id = s.snapshot_id
                AND m.npsn = sm.npsn AND m.role = sm.role)
            RETURNING sm.person_id`,
      );
      // Back before the stated date: the deletion stops, reported or not (SPEC §1).
      const returned = await rowsOf<{ id: number }>(
        tx,
        sql`WITH cancelled AS (
              UPDATE account_deletions d SET status = 'cancelled', closed_at = now()
              FROM registry_sync_people s JOIN people p ON p.nik = s.nik
              WHERE ${batch} AND d.person_id = p.id AND d.status IN ('scheduled', 'reported')
              RETURNING d.id, d.person_id, d.kind)
            INSERT INTO audit_events (action, outcome, user_type, person_id)
            SELECT 'account-deletion', 'cancelled-returned', kind, person_id FROM cancelled
            RETURNING id`,
      );
      const newIds = new Set(added.map((p) => Number(p.id)));
      const changed = new Set(
        [
          ...updated.map((p) => p.id),
          ...upserted.map((m) => m.person_id),
          ...dropped.map((m) => m.person_id),
          ...released.filter((p) => p.counted).map((p) => p.id),
        ]
          .map(Number)
          .filter((id) => !newIds.has(id)),
      );
      // Educators new to the registry get their accounts as the account lookup makes them.
      const educators = added
        .filter((p) => p.kind === 'ptk')
        .map((p) => ({ personId: Number(p.id) }));
      await ctx.queue.sendMany(ACCOUNT_CREATION_QUEUE, educators, { tx });
      await advance(
        tx,
        run,
        sql`cursor = ${to}, added = added + ${newIds.size}, changed = changed + ${changed.size},
          returned = returned + ${returned.length}, conflicts = conflicts + ${conflicts.length},
          accounts_requested = accounts_requested + ${educators.length}`,
      );
    });
    run.cursor = to;
    ctx.afterBatch?.('people', to);
  }
  await db.transaction((tx) => advance(tx, run, sql`phase = 'left', cursor = 0`));
  run.phase = 'left';
  run.cursor = 0;
}

/**
 * Takes `key` from stored people the batch's snapshot rows give it to someone else, when the
 * snapshot does not give it to them and speaks for them (an educator or student, who leaves the
 * registry when absent from it; an office's staff member absent from it keeps the key). Driven
 * by the batch's rows through the unique index: it never scans the registry. `counted`: a change
 * no later batch will count (their row was applied, or will find nothing left to change).
 */
const release = (key: 'nisn' | 'nuptk', batch: SQL, to: number): SQL => {
  const column = sql.raw(key);
  return sql`UPDATE people h SET ${column} = NULL, updated_at = now()
    FROM registry_sync_people s
    WHERE ${batch} AND s.${column} IS NOT NULL AND h.${column} = s.${column} AND h.nik <> s.nik
      AND NOT EXISTS (SELECT 1 FROM registry_sync_people o
        WHERE o.nik = h.nik AND o.${column} = h.${column})
      AND (h.kind IN ('ptk', 'pd') OR EXISTS (SELECT 1 FROM registry_sync_people o
        WHERE o.nik = h.nik))
    RETURNING h.id, EXISTS (SELECT 1 FROM registry_sync_people o WHERE o.nik = h.nik
      AND (o.row <= ${to} OR (${sql.raw(fieldsOf('o'))}) IS NOT DISTINCT FROM (${sql.raw(fieldsOf('h'))})))
      AS counted`;
};

/**
 * Whether staged row `s` breaks a check of `people` (the NIK's 16 digits, the student number's
 * 10, a student number only for students): applied, it would fail its batch on every retry.
 */
const MALFORMED = sql`(s.nik !~ '^[0-9]{16}$'
  OR (s.nisn IS NOT NULL AND (s.nisn !~ '^[0-9]{10}$' OR s.kind <> 'pd')))`;

/** The NPSN rule of `schools`: a school breaking it is left out and counted. */
const NPSN_FORMAT = '^([0-9]{8}|[PK][0-9]{7})$';

/** Whether staged row `s` claims a `key` that another staged or stored person keeps. */
const keyTaken = (key: 'nisn' | 'nuptk'): SQL => {
  const column = sql.raw(key);
  return sql`(s.${column} IS NOT NULL AND (
    EXISTS (SELECT 1 FROM registry_sync_people o WHERE o.${column} = s.${column} AND o.nik <> s.nik)
    OR EXISTS (SELECT 1 FROM people h WHERE h.${column} = s.${column} AND h.nik <> s.nik)))`;
};

const fieldsOf = (alias: string): string =>
  `${alias}.kind, ${alias}.nisn, ${alias}.nuptk, ${alias}.full_name, ${alias}.name_key,
   ${alias}.gender, ${alias}.birth_date, ${alias}.mother_name, ${alias}.mother_name_key,
   ${alias}.personal_email, ${alias}.phone`;

/**
 * Educators and students stored but not in the snapshot, by ranges of person id: with an
 * account, its deletion is scheduled (the notices follow, account-deletion-jobs.ts); without
 * one, the person is simply gone from the registry.
 */
async function applyLeft(ctx: SyncContext, run: Run): Promise<void> {
  const { db } = ctx.database;
  const size = ctx.batchSize ?? 50_000;
  const [asOf] = await rowsOf<{ as_of: string }>(
    db,
    sql`SELECT as_of::text FROM registry_syncs WHERE id = ${run.id}`,
  );
  const deletionOn = addDays(asOf!.as_of, DELETION_LEAD_DAYS);
  const removalOn = addDays(deletionOn, REMOVAL_AFTER_DAYS);
  const [last] = await rowsOf<{ max: string | null }>(
    db,
    sql`SELECT max(id)::text AS max FROM people`,
  );
  const lastId = Number(last?.max ?? 0);
  while (run.cursor < lastId) {
    const from = run.cursor;
    const to = run.cursor + size;
    await db.transaction(async (tx) => {
      const [counts] = await rowsOf<{ scheduled: number; removed: number }>(
        tx,
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
      await advance(
        tx,
        run,
        sql`cursor = ${to}, departed = departed + ${(counts?.scheduled ?? 0) + (counts?.removed ?? 0)}`,
      );
    });
    run.cursor = to;
    ctx.afterBatch?.('left', to);
  }
}
