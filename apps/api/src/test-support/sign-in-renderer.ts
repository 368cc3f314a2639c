import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The provider's step pages are rendered by the web's sign-in server build (decision 0286): the
// run builds it first when it is missing or older than the web's sources, so the tests render
// the pages as they are in the tree.

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));
const built = path.join(webDir, 'build/sign-in/render-sign-in-page.js');

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

export default function setup() {
  const sources = Math.max(
    newestIn(path.join(webDir, 'app')),
    newestIn(fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url))),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '-c', 'vite.sign-in.config.ts', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
}
