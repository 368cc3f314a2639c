import { describe, expect, it } from 'vitest';
import { HELP_CONTENT_CATALOGUES } from './help-content-test-utils';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf key path, arrays by index, with i18next plural suffixes folded together. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leafKeys(item, `${prefix}${index}.`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      leafKeys(item, `${prefix}${key.replace(PLURAL_SUFFIX, '')}.`),
    );
  }
  return [prefix.slice(0, -1)];
}

function leafValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leafValues);
  return [];
}

const namespaces = Object.keys(
  HELP_CONTENT_CATALOGUES.id,
) as (keyof typeof HELP_CONTENT_CATALOGUES.id)[];

describe.each(namespaces)('the %s catalogue', (namespace) => {
  const id = HELP_CONTENT_CATALOGUES.id[namespace];
  const en = HELP_CONTENT_CATALOGUES.en[namespace];

  it('is filled in', () => {
    expect(leafKeys(id).length).toBeGreaterThan(5);
  });

  it('has the same keys in Indonesian and English', () => {
    expect([...new Set(leafKeys(en))].sort()).toEqual([...new Set(leafKeys(id))].sort());
  });

  it('has no empty text and never hard-codes the product name', () => {
    for (const text of [...leafValues(id), ...leafValues(en)]) {
      expect(text.trim()).not.toBe('');
      // The product name comes from the brand configuration through {{product}} / {{domain}}.
      expect(text.toLowerCase()).not.toContain('belajar.id');
    }
  });

  it('gives English a singular wherever Indonesian counts', () => {
    const enKeys = leafKeysRaw(en);
    for (const key of leafKeysRaw(id).filter((raw) => raw.endsWith('_other'))) {
      expect(enKeys).toContain(key.replace(/_other$/, '_one'));
    }
  });
});

function leafKeysRaw(value: unknown, prefix = ''): string[] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, item]) => leafKeysRaw(item, `${prefix}${key}.`));
  }
  return [prefix.slice(0, -1)];
}
