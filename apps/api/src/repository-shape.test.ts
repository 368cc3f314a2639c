import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPath, sourceFiles } from './test-support/source-files';

// One repository shape (apps/api/README.md): `<name>-repository.ts` exports
// `create<Name>Repository(db)`, bound at creation to the database or to a transaction; a service
// that needs a transaction makes one inside it (`createXRepository(tx)`). No method takes the
// transaction as an argument, so a reader never has to ask which executor a query runs on.

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

  it('of the older shapes are told apart', () => {
    const name = 'codes/codes-repository.ts';
    expect(shapeProblem(name, 'export const codesRepository = {')).toMatch(/createCodesRepository/);
    const factory = 'export function createCodesRepository(db: Db | Transaction) {';
    expect(shapeProblem(name, `${factory} lock(tx: Transaction, id: number)`)).toMatch(/tx:/);
    expect(shapeProblem(name, `${factory} find(id: number, tx: Db | Transaction = db)`)).toMatch(
      /tx:/,
    );
    expect(shapeProblem(name, `${factory} find(id: number)`)).toBeNull();
  });

  it.each(repositories)(
    '$name is made by create<Name>Repository(db) and takes no transaction per call',
    ({ name, source }) => {
      expect(shapeProblem(name, source)).toBeNull();
    },
  );
});
