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
