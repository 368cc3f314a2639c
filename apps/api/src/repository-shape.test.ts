import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPath, sourceFiles } from './test-support/source-files';

// One repository shape (apps/api/README.md): `<name>-repository.ts` exports
// `create<Name>Repository(db)`, bound at creation to the database or to a transaction; a service
// that needs a transaction makes one inside it (`createXRepository(tx)`). No method takes the
// transaction as an argument, so a reader never has to ask which executor a query runs on.

/**
 * Repositories still of the older shape, each with what it waits for. The list only shrinks:
 * a new repository of another shape fails the test.
 */
const NOT_YET: Record<string, string> = {
};

const pascal = (kebab: string) =>
  kebab.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());

const repositories = sourceFiles()
  .filter((file) => file.endsWith('-repository.ts'))
  .map((file) => ({ name: apiPath(file), source: readFileSync(file, 'utf8') }));

/** What is wrong with a repository's shape, or null when nothing is. */
function shapeProblem(name: string, source: string): string | null {
  const factory = `create${pascal(path.basename(name, '.ts'))}`;
  const signature = new RegExp(`export function ${factory}\\(db: Db(?: \\| Transaction)?\\)`);
  if (!signature.test(source)) return `it does not export ${factory}(db)`;
  const perCall = source.replace(signature, '').match(/\b\w+\??: (?:Db \| )?Transaction\b/g);
  return perCall ? `a method takes a transaction: ${perCall.join(', ')}` : null;
}

describe('repositories', () => {
  it('are found', () => {
    expect(repositories.length).toBeGreaterThan(20);
  });

  it.each(repositories.filter(({ name }) => !(name in NOT_YET)))(
    '$name is made by create<Name>Repository(db) and takes no transaction per call',
    ({ name, source }) => {
      expect(shapeProblem(name, source)).toBeNull();
    },
  );

  it('of the older shape are only those still listed, and still of it', () => {
    const byName = new Map(repositories.map(({ name, source }) => [name, source]));
    for (const listed of Object.keys(NOT_YET)) {
      expect(byName.has(listed), `${listed} exists`).toBe(true);
      expect(
        shapeProblem(listed, byName.get(listed)!),
        `${listed}: take it off the list`,
      ).not.toBeNull();
    }
  });
});
