import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_CREATION_QUEUE } from '../accounts/account-creation-jobs';
import type { Database } from '../db/database';
import { addDays, jakartaDay, type Clock } from '../jobs/clock';
import type { JobQueue } from '../jobs/job-queue';
import { stageRegistryLines, type StagedTable } from '../registry/registry-copy';
import {
  createRegistrySyncRepository,
  type SyncRun,
  type SyncRunRow,
} from './registry-sync-repository';

/** Written last into a snapshot's folder: a folder still being copied is left alone. */
export const READY_FILE = 'READY';

/**
 * A registry snapshot: the CSV files the synthetic generator writes (registry-loader.ts
 * `registryCsv`, no header), one folder per snapshot.
 */
export const SNAPSHOT_FILES = [
  'schools',
  'people',
  'school_memberships',
] as const satisfies StagedTable[];
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

/** Days between leaving the registry and the stated deletion date: the first notice's lead. */
export const DELETION_LEAD_DAYS = 30;
/** Days after the stated date until the accounts are removed when nobody reported a mistake. */
export const REMOVAL_AFTER_DAYS = 10;

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

export type RegistrySyncDependencies = {
  database: Database;
  queue: JobQueue;
  now: Clock;
  /** Staged people per transaction, and stored person ids per transaction of the left phase. */
  batchSize?: number;
  /** Test hook: called after each committed batch (a throw there is a crash between batches). */
  afterBatch?: (phase: 'people' | 'left', cursor: number) => void;
};

/**
 * Imports a snapshot: stages its files with COPY, then applies the differences to the registry
 * in batches, each one transaction that also moves the run's cursor, so a crash loses at most
 * the batch in flight and the next run resumes there (docs/decisions/0234).
 */
async function syncRegistry(
  ctx: RegistrySyncDependencies,
  snapshot: Snapshot,
): Promise<SyncReport> {
  const repository = createRegistrySyncRepository(ctx.database.db);
  const run = await claimRun(ctx, snapshot.name);
  if (!run) {
    const done = await repository.runOf(snapshot.name);
    return { ...reportOf(done!), alreadyImported: true };
  }
  try {
    if (run.phase === 'staging') await stage(ctx, snapshot, run);
    if (run.phase === 'people') await applyPeople(ctx, run);
    if (run.phase === 'left') await applyLeft(ctx, run);
  } catch (error) {
    // Let the next run resume at once; a process that died instead holds it until the claim ends.
    await repository.letGo(run).catch(() => undefined);
    throw error;
  }
  await repository.emptyStaging();
  const finished = await repository.finish(run);
  if (!finished) throw new SyncBusyError(snapshot.name);
  return { ...reportOf(finished), alreadyImported: false };
}

const reportOf = (row: SyncRunRow): Omit<SyncReport, 'alreadyImported'> => ({
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
async function claimRun(ctx: RegistrySyncDependencies, source: string): Promise<SyncRun | null> {
  const token = randomBytes(16).toString('hex');
  return ctx.database.db.transaction(async (tx) => {
    const repository = createRegistrySyncRepository(tx);
    const running = await repository.unfinishedRun();
    if (running?.held === true) throw new SyncBusyError(running.source);
    if (running && running.source !== source) await repository.giveUp(running.id);
    if (running?.source === source) return repository.resume(running.id, token);
    return repository.start(source, jakartaDay(ctx.now()), token);
  });
}

/** Fails the batch (rolling it back) when the run's move answers that it lost its hold. */
function held(run: SyncRun, moved: boolean): void {
  if (!moved) throw new SyncBusyError(run.source);
}

/** The files into the staging tables (emptied first: a crash mid-way starts staging over). */
async function stage(
  ctx: RegistrySyncDependencies,
  snapshot: Snapshot,
  run: SyncRun,
): Promise<void> {
  const { database } = ctx;
  await createRegistrySyncRepository(database.db).emptyStaging();
  for (const file of SNAPSHOT_FILES) {
    await stageRegistryLines(database, file, snapshot.read(file));
  }
  await database.db.transaction(async (tx) => {
    const repository = createRegistrySyncRepository(tx);
    // Schools are few (440,000): one statement, rewriting only the rows that differ.
    await repository.applySchools();
    held(run, await repository.advanceToPeople(run));
  });
  await createRegistrySyncRepository(database.db).analyzeStaging();
  run.phase = 'people';
  run.cursor = 0;
}

/** New and changed people (and their memberships), returns to the registry, staged row by row. */
async function applyPeople(ctx: RegistrySyncDependencies, run: SyncRun): Promise<void> {
  const { db } = ctx.database;
  const size = ctx.batchSize ?? 10_000;
  const lastRow = await createRegistrySyncRepository(db).lastStagedRow();
  while (run.cursor < lastRow) {
    const from = run.cursor + 1;
    const to = run.cursor + size;
    await db.transaction(async (tx) => {
      const repository = createRegistrySyncRepository(tx);
      // The registry may give a student number or NUPTK to another person: whoever holds it and
      // is not given it by the snapshot lets it go first (their own row, in this batch or a
      // later one, sets their new one; gone from the registry, they leave without it). Updating
      // first would hit the unique index on every retry and stop the import.
      const released = [
        ...(await repository.releaseKey('nisn', from, to)),
        ...(await repository.releaseKey('nuptk', from, to)),
      ];
      // Left as stored, and counted: a row that breaks the registry's rules, a key the snapshot
      // gives two people, or one still held by a person the snapshot does not speak for. The
      // rest of the batch applies: one bad row never stops an import.
      const conflicts = await repository.conflicts(from, to);
      const added = await repository.addPeople(from, to);
      const updated = await repository.updatePeople(from, to);
      const upserted = await repository.upsertMemberships(from, to);
      const dropped = await repository.dropMemberships(from, to);
      // Back before the stated date: the deletion stops, reported or not (SPEC §1).
      const returned = await repository.cancelDeletions(from, to);
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
      const counts = {
        added: newIds.size,
        changed: changed.size,
        returned: returned.length,
        conflicts: conflicts.length,
        accountsRequested: educators.length,
      };
      held(run, await repository.advancePeople(run, to, counts));
    });
    run.cursor = to;
    ctx.afterBatch?.('people', to);
  }
  await db.transaction(async (tx) =>
    held(run, await createRegistrySyncRepository(tx).advanceToLeft(run)),
  );
  run.phase = 'left';
  run.cursor = 0;
}

/**
 * Educators and students stored but not in the snapshot, by ranges of person id: with an
 * account, its deletion is scheduled (the notices follow, account-deletion-jobs.ts); without
 * one, the person is simply gone from the registry.
 */
async function applyLeft(ctx: RegistrySyncDependencies, run: SyncRun): Promise<void> {
  const { db } = ctx.database;
  const size = ctx.batchSize ?? 50_000;
  const deletionOn = addDays(await createRegistrySyncRepository(db).asOf(run), DELETION_LEAD_DAYS);
  const removalOn = addDays(deletionOn, REMOVAL_AFTER_DAYS);
  const lastId = await createRegistrySyncRepository(db).lastPersonId();
  while (run.cursor < lastId) {
    const from = run.cursor;
    const to = run.cursor + size;
    await db.transaction(async (tx) => {
      const repository = createRegistrySyncRepository(tx);
      const { scheduled, removed } = await repository.scheduleLeft(from, to, deletionOn, removalOn);
      held(run, await repository.advanceLeft(run, to, scheduled + removed));
    });
    run.cursor = to;
    ctx.afterBatch?.('left', to);
  }
}

/**
 * The registry's import: snapshots from the registry's inbox, or one named by the
 * command, applied to the registry in resumable batches.
 */
export function createRegistrySyncService(deps: RegistrySyncDependencies) {
  return {
    /** Imports one snapshot, or resumes its import; answers what changed. */
    sync: (snapshot: Snapshot): Promise<SyncReport> => syncRegistry(deps, snapshot),

    /**
     * Imports the inbox's ready snapshots not imported yet, oldest name first (a crashed import
     * is resumed). Names sort in time order when they are dates, as the registry writes them.
     */
    async importInbox(inboxDir: string): Promise<SyncReport[]> {
      if (!existsSync(inboxDir)) return [];
      const entries = await readdir(inboxDir, { withFileTypes: true });
      const ready = entries
        .filter((e) => e.isDirectory() && existsSync(path.join(inboxDir, e.name, READY_FILE)))
        .map((e) => e.name)
        .sort();
      if (ready.length === 0) return [];
      const finished = await createRegistrySyncRepository(deps.database.db).finishedSources(ready);
      const reports: SyncReport[] = [];
      for (const name of ready.filter((n) => !finished.has(n))) {
        reports.push(await syncRegistry(deps, folderSnapshot(path.join(inboxDir, name))));
      }
      return reports;
    },
  };
}
export type RegistrySyncService = ReturnType<typeof createRegistrySyncService>;
