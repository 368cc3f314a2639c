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

const files = sourceFiles().map((file) => ({
  name: apiPath(file),
  source: readFileSync(file, 'utf8'),
}));
const repositories = files.filter(({ name }) => name.endsWith('-repository.ts'));
// Where a query may be written besides repositories: the database's own set-up, and tests.
const mayQuery = (name: string) =>
  name.endsWith('-repository.ts') ||
  name.endsWith('.test.ts') ||
  name.startsWith('db/') ||
  name.startsWith('test-support/');

/** What is wrong with a repository's shape, or null when nothing is. */
function shapeProblem(name: string, source: string): string | null {
  const factory = `create${pascal(path.basename(name, '.ts'))}`;
  const signature = new RegExp(`export function ${factory}\\(db: Db(?: \\| Transaction)?\\)`);
  if (!signature.test(source)) return `it does not export ${factory}(db)`;
  const perCall = source.replace(signature, '').match(/\b\w+\??: (?:Db \| )?Transaction\b/g);
  return perCall ? `a method takes a transaction: ${perCall.join(', ')}` : null;
}

// drizzle's conditions and orderings: a file that imports one is building a query.
const CONDITIONS =
  /\b(?:and|or|not|eq|ne|gt|gte|lt|lte|inArray|notInArray|isNull|isNotNull|like|ilike|exists|between|asc|desc|count)\b/;

/** How a file builds a query, or null when it does not. */
function queryBuilt(source: string): string | null {
  if (/\bsql`/.test(source)) return 'a sql`...` query';
  const fromDrizzle = source.match(/import \{([^}]*)\} from 'drizzle-orm'/)?.[1] ?? '';
  const values = fromDrizzle.split(',').filter((name) => !name.trim().startsWith('type '));
  const condition = values.find((name) => CONDITIONS.test(name));
  if (condition) return `drizzle's ${condition.trim()}`;
  const call = source.match(/\b(?:db|tx)\s*\.(?:select|insert|update|delete|execute)\(/);
  return call ? `a ${call[0]} call` : null;
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

  it('are where queries are built', () => {
    expect(queryBuilt('const q = sql`SELECT 1`;')).toMatch(/sql/);
    expect(queryBuilt("import { and, type SQL } from 'drizzle-orm';")).toMatch(/and/);
    expect(queryBuilt('await db.select().from(people);')).toMatch(/db\.select/);
    expect(queryBuilt("import { sql, type SQL } from 'drizzle-orm';")).toBeNull();
    const outside = files
      .filter(({ name }) => !mayQuery(name))
      .flatMap(({ name, source }) => {
        const how = queryBuilt(source);
        return how ? [`${name}: ${how}`] : [];
      });
    expect(outside).toEqual([]);
  });

  it.each(repositories)(
    '$name is made by create<Name>Repository(db) and takes no transaction per call',
    ({ name, source }) => {
      expect(shapeProblem(name, source)).toBeNull();
    },
  );
});
