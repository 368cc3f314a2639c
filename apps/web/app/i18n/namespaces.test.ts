import { describe, expect, it } from 'vitest';
import { ON_DEMAND_NAMESPACES, SERVER_NAMESPACE, SHELL_NAMESPACES } from './namespaces';

const catalogues = Object.keys(import.meta.glob('../locales/*/*.json'));
const filesIn = (language: string) =>
  catalogues
    .filter((path) => path.startsWith(`../locales/${language}/`))
    .map((path) => path.slice(`../locales/${language}/`.length, -'.json'.length))
    .sort();

describe('the list of namespaces', () => {
  it('names every Indonesian catalogue, and nothing else', () => {
    expect([...SHELL_NAMESPACES, ...ON_DEMAND_NAMESPACES].sort()).toEqual(filesIn('id'));
  });

  it('names every English catalogue, the server messages included', () => {
    expect([...SHELL_NAMESPACES, ...ON_DEMAND_NAMESPACES, SERVER_NAMESPACE].sort()).toEqual(
      filesIn('en'),
    );
  });
});

describe('keys in the code', () => {
  // i18n.ts sets no namespace separator, so `t('console:loading')` looks up a key of that name
  // in the hook's own namespace and shows it raw; another namespace is named with `{ ns }`.
  const sources = import.meta.glob('../**/*.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('never name a namespace inside a key', () => {
    const prefixed = Object.entries(sources).flatMap(([path, text]) =>
      [...(text as string).matchAll(/\bt\(\s*['`]([a-z-]+:[\w.]+)/g)].map(
        (match) => `${path}: ${match[1]}`,
      ),
    );
    expect(prefixed).toEqual([]);
  });
});
