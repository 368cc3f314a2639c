/**
 * Writes public/regions.json (provinces with their regencies and cities, official Kemendagri
 * codes) from the idn-area-data package (decision 0101), for the Dinas lookup's office choice.
 * There is no region endpoint: the list changes with a regulation, not with traffic, so it
 * ships as a static file that only the Dinas form fetches. Runs before every build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dataDir = path.join(path.dirname(require.resolve('idn-area-data')), '..', 'data');
const target = fileURLToPath(new URL('../public/regions.json', import.meta.url));

function readCsv(file: string): string[][] {
  const [, ...lines] = readFileSync(path.join(dataDir, file), 'utf8').trim().split(/\r?\n/);
  return lines.map((line) => line.split(','));
}

const regencies = readCsv('regencies.csv');
const provinces = readCsv('provinces.csv').map(([code = '', name = '']) => ({
  code,
  name,
  regencies: regencies
    .filter(([, provinceCode]) => provinceCode === code)
    .map(([regencyCode = '', , regencyName = '']) => ({ code: regencyCode, name: regencyName })),
}));

const json = `${JSON.stringify({ provinces })}\n`;
// Unchanged content keeps its timestamp, so the browser tests do not rebuild for nothing.
if (!existsSync(target) || readFileSync(target, 'utf8') !== json) writeFileSync(target, json);
console.log(
  `regions.json: ${provinces.length} provinces, ${regencies.length} regencies and cities`,
);
