import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API's `src/` folder. */
export const API_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every TypeScript file below `dir` (declaration files aside), for tests that read the code. */
export const sourceFiles = (dir = API_SRC): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });

/** A file's path below `src/`, with forward slashes. */
export const apiPath = (file: string): string =>
  path.relative(API_SRC, file).split(path.sep).join('/');
