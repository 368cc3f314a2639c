import { WEB_ROUTES } from '@portal/contracts/web-routes';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';

type Entry = { path?: string; index?: boolean; children?: Entry[]; file: string };

const join = (prefix: string, path: string | undefined) => (path ? `${prefix}/${path}` : prefix);

/** Every page's full path, with the outermost layout it renders in (the console nests its own). */
const flatten = (
  entries: Entry[],
  layout = '',
  prefix = '',
): Array<{ path: string; layout: string }> =>
  entries.flatMap((entry) =>
    entry.children
      ? flatten(entry.children, layout || entry.file, join(prefix, entry.path))
      : [{ path: entry.index ? prefix || '/' : join(prefix, entry.path), layout }],
  );

describe('route table', () => {
  it('has every web route of the contract with its layout, and a catch-all', () => {
    const table = flatten(routes as Entry[]);
    for (const route of WEB_ROUTES) {
      const found = table.find((entry) => entry.path === route.path);
      expect(found, route.path).toBeDefined();
      expect(found?.layout).toBe(
        route.layout === 'blank' ? 'layouts/blank-layout.tsx' : 'layouts/portal-2025-layout.tsx',
      );
    }
    expect(table.some((entry) => entry.path === '/*')).toBe(true);
    // And nothing beyond it: a page the contract does not list would get the server's 404.
    const listed = new Set(WEB_ROUTES.map((route) => route.path));
    expect(table.map((entry) => entry.path).filter((path) => !listed.has(path))).toEqual(['/*']);
  });
});
