import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_SRC, apiPath, sourceFiles } from './test-support/source-files';

// Imports flow one way: a module folder that imports another is never imported back by it, and
// no file reaches itself through its imports (type-only imports included). Tests and
// test-support/ may reach the whole app, so they count for files, not for folders. The files at
// the root (app.ts, services.ts, config.ts, ...) each count as a folder of their own.

/** The project's files a file imports: relative specifiers, static or dynamic. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier).replace(/\.js$/, ''))
    .flatMap((base) => [`${base}.ts`, path.join(base, 'index.ts')].filter(existsSync).slice(0, 1));
}

type Graph = Map<string, Map<string, string>>;

/** Every cycle of the graph (its strongly connected parts of more than one node), Tarjan's way. */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part = stack.splice(stack.indexOf(node));
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A cycle as its edges, each with the import that makes it: `db -> logging (db/database.ts ...)`. */
const described = (graph: Graph, part: string[]): string =>
  part
    .flatMap((from) =>
      part
        .filter((to) => graph.get(from)?.has(to))
        .map((to) => `${from} -> ${to} (${graph.get(from)!.get(to)})`),
    )
    .join('; ');

const relative = apiPath;
const folderOf = (file: string) => relative(file).split('/')[0]!;
const mayReachAll = (file: string) =>
  file.endsWith('.test.ts') || relative(file).startsWith('test-support/');

function importGraphs(root: string): { files: Graph; folders: Graph } {
  const files: Graph = new Map();
  const folders: Graph = new Map();
  for (const file of sourceFiles(root)) {
    const imported = importsOf(file);
    files.set(relative(file), new Map(imported.map((to) => [relative(to), ''])));
    if (mayReachAll(file)) continue;
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Map());
    for (const to of imported) {
      const target = folderOf(to);
      if (target !== from && !folders.get(from)!.has(target))
        folders.get(from)!.set(target, `${relative(file)} imports ${relative(to)}`);
    }
  }
  return { files, folders };
}

describe('imports', () => {
  const { files, folders } = importGraphs(API_SRC);

  it('form no cycle between files', () => {
    expect(cycles(files).map((part) => part.join(' <-> '))).toEqual([]);
  });

  it('form no cycle between module folders', () => {
    expect(cycles(folders).map((part) => described(folders, part))).toEqual([]);
  });

  it('are all seen, or a cycle could hide', () => {
    expect(files.get('app.ts')?.has('db/database.ts')).toBe(true);
    expect(folders.get('access')?.has('http')).toBe(true);
  });
});
