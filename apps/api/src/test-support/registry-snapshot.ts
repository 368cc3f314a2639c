import type { Snapshot } from '../registry-sync/registry-sync-service';
import type { SnapshotFiles } from '../registry-sync/registry-export';

export const snapshot = (name: string, files: SnapshotFiles): Snapshot => ({
  name,
  read: (file) => files[file],
});
