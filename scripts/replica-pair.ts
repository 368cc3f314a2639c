import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

// A PostgreSQL primary and a streaming hot standby of it, private to one run (decision
// 0281): `npm run start:cluster -- --replica` and db/streaming-replica.test.ts start
// them the same way. The machine's own PostgreSQL allows no replication connections, and its
// configuration is not ours to change, so both servers are initdb'd in a folder of their own.

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup), if installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'pg_basebackup')));
}

export type ReplicaPair = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` of the primary (trust on loopback). */
  primaryUrl: string;
  standbyUrl: string;
  /** Holds `primary/` and `standby/`, their data folders, and each one's log. */
  folder: string;
  /** Everything a server wrote to its log (with `logStatements`, every statement it ran). */
  log(server: 'primary' | 'standby'): string;
  /** Stops the standby (fast shutdown), as a replica host going away. */
  stopStandby(): Promise<void>;
  /** Starts it again on the same port; it resumes streaming where it stopped. */
  startStandby(): Promise<void>;
  /** Stops both servers and removes their folder. */
  stop(): Promise<void>;
};

// The settings of both servers (the standby copies the primary's file): small, and without
// durability, which a throwaway pair does not need.
const SETTINGS = (folder: string, logStatements: boolean) => `
listen_addresses = '127.0.0.1'
unix_socket_directories = '${folder}'
shared_buffers = 32MB
max_connections = 100
fsync = off
synchronous_commit = off
full_page_writes = off
log_statement = '${logStatements ? 'all' : 'none'}'
`;

const HBA = `local all all trust
host all all 127.0.0.1/32 trust
host replication all 127.0.0.1/32 trust
`;

/**
 * initdb's a primary on a free loopback port, copies it with `pg_basebackup -R` into a standby
 * on another, starts both and resolves once the standby streams. PostgreSQL refuses to run as
 * root, so as root every binary runs as the `postgres` user.
 */
export async function startReplicaPair({
  logStatements = false,
}: {
  /** Log every statement, for a test to tell which server ran a query. */
  logStatements?: boolean;
} = {}): Promise<ReplicaPair> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? { uid: Number(id('-u')), gid: Number(id('-g')) }
    : { uid: process.getuid!(), gid: process.getgid!() };
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  // In the pair's folder: the `postgres` user may not enter the current one.
  const run = (binary: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, binary),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, binary), ...args] : args,
      { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  chownSync(folder, owner.uid, owner.gid);
  const dirs = { primary: path.join(folder, 'primary'), standby: path.join(folder, 'standby') };
  const ports = { primary: await freePort(), standby: await freePort() };
  while (ports.standby === ports.primary) ports.standby = await freePort();
  const logFile = (server: 'primary' | 'standby') => path.join(folder, `${server}.log`);
  const running = new Set<'primary' | 'standby'>();
  const start = (server: 'primary' | 'standby') => {
    run('pg_ctl', [
      ...['-D', dirs[server], '-l', logFile(server), '-o', `-p ${ports[server]}`],
      ...['-w', '-t', '60', 'start'],
    ]);
    running.add(server);
  };
  const stopServer = (server: 'primary' | 'standby') => {
    if (!running.has(server)) return;
    // Gone already (a Ctrl-C reaches the whole process group): nothing to stop.
    if (!existsSync(path.join(dirs[server], 'postmaster.pid'))) return void running.delete(server);
    run('pg_ctl', ['-D', dirs[server], '-m', 'fast', '-w', 'stop']);
    running.delete(server);
  };
  const stop = () => {
    process.removeListener('exit', stop);
    try {
      stopServer('standby');
      stopServer('primary');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  // A run that ends without calling stop() (an exception, Ctrl-C) leaves no server behind.
  process.once('exit', stop);
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

  try {
    run('initdb', [
      '-D',
      dirs.primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '-N',
    ]);
    const write = (file: string, text: string, flag = 'w') => {
      writeFileSync(file, text, { flag });
      chownSync(file, owner.uid, owner.gid);
    };
    write(path.join(dirs.primary, 'postgresql.conf'), SETTINGS(folder, logStatements), 'a');
    write(path.join(dirs.primary, 'pg_hba.conf'), HBA);
    start('primary');
    // -R writes standby.signal and primary_conninfo; -X stream copies the WAL of the copy itself.
    run('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
      ...['-D', dirs.standby, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    start('standby');
    await waitForStreaming(url(ports.primary));
  } catch (error) {
    stop();
    throw error;
  }

  return {
    primaryUrl: url(ports.primary),
    standbyUrl: url(ports.standby),
    folder,
    log: (server) => (existsSync(logFile(server)) ? readFileSync(logFile(server), 'utf8') : ''),
    stopStandby: async () => stopServer('standby'),
    startStandby: async () => {
      start('standby');
      await waitForStreaming(url(ports.primary));
    },
    stop: async () => stop(),
  };
}

function id(flag: '-u' | '-g'): string {
  return execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim();
}

/** Until the primary lists a walsender in state `streaming` (30 s at most). */
async function waitForStreaming(primaryUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const { rowCount } = await client.query(
        `SELECT 1 FROM pg_stat_replication WHERE state = 'streaming'`,
      );
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the standby did not start streaming within 30 s');
  } finally {
    await client.end();
  }
}
