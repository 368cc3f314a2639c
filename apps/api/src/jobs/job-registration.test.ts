import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiPath, sourceFiles } from '../test-support/source-files';

// Every queue is created, worked and scheduled in its module's `*-jobs.ts` (README, Layout):
// one place per module to read what runs in the background. `jobs/` defines the queue itself.

/** The calls that register a job: the queue's and pg-boss's methods, and `repeatJob`. */
const REGISTERING_METHODS = new Set(['createQueue', 'work', 'schedule', 'unschedule']);

function registrationsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? REGISTERING_METHODS.has(callee.name.text) && `.${callee.name.text}(`
        : ts.isIdentifier(callee) && callee.text === 'repeatJob' && 'repeatJob(';
      if (name) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${apiPath(file)}:${line + 1} ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('background jobs', () => {
  it("are registered only in a module's *-jobs.ts", () => {
    const elsewhere = sourceFiles()
      .filter((file) => !file.endsWith('-jobs.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !apiPath(file).startsWith('jobs/'))
      .flatMap(registrationsIn);
    expect(elsewhere).toEqual([]);
  });

  it('are found where they are registered, or the check would pass on nothing', () => {
    const registrations = sourceFiles()
      .filter((file) => file.endsWith('-jobs.ts'))
      .flatMap(registrationsIn);
    expect(registrations.some((call) => call.startsWith('notifications/outbox-jobs.ts'))).toBe(
      true,
    );
    expect(registrations.some((call) => call.endsWith('repeatJob('))).toBe(true);
  });
});
