import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_KB, measureInitialJs } from '../scripts/page-weight';

// global-setup builds the web app when its sources are newer than the build.
const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));
const scripts = () =>
  readdirSync(path.join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(clientDir, 'assets', name), 'utf8'));

describe('the built web app', () => {
  it(`loads at most ${HOME_JS_BUDGET_KB} kB of JavaScript (gzip) on the home page`, () => {
    const weight = measureInitialJs(clientDir, path.join(clientDir, 'index.html'));
    const listing = weight.files.map((file) => `${(file.gzip / 1024).toFixed(1)} kB ${file.url}`);
    expect(weight.gzip / 1024, listing.join('\n')).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
  });

  it('renders with React DOM and carries no Preact', () => {
    const bundle = scripts().join('\n');
    // React DOM marks each element it renders with a property of this prefix.
    expect(bundle).toContain('__reactFiber$');
    // Preact names its contexts with this prefix; preact/compat carries its own name.
    expect(bundle).not.toContain('__cC');
    expect(bundle).not.toMatch(/preact/i);
  });
});
