import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, openDatabase } from './database';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('is created and migrated on first open, and refuses a second process while in use', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    folders.push(dataDir);
    const first = await openDatabase({ dataDir });
    await first.ping();
    // Another live process (this test runner's parent) holding the folder.
    writeFileSync(path.join(dataDir, 'portal.pid'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataFolderInUseError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    writeFileSync(path.join(dataDir, 'portal.pid'), String(process.pid));
    await first.close();

    // A pid file left by a process that is gone does not block the next start.
    writeFileSync(path.join(dataDir, 'portal.pid'), '999999');
    const again = await openDatabase({ dataDir });
    await again.ping();
    await again.close();
    // Two fresh embedded databases, each migrated from nothing: tens of seconds on a busy machine.
  }, 240_000);
});
