import { WEB_ROUTES } from '@portal/contracts/web-routes';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';

type Entry = { path?: string; index?: boolean; children?: Entry[]; file: string };

const flatten = (entries: Entry[], layout = ''): Array<{ path: string; layout: string }> =>
  entries.flatMap((entry) =>
    entry.children
      ? flatten(entry.children, entry.file)
      : [{ path: entry.index ? '/' : `/${entry.path ?? ''}`, layout }],
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
  });
});
