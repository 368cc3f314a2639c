import { describe, expect, it } from 'vitest';
import enFaq from '~/locales/en/faq.json';
import idFaq from '~/locales/id/faq.json';
import { FAQ_GROUPS, FAQ_ITEMS, isFaqItemId } from './faq-items';
import { FAQ_LINK_TARGETS } from './faq-links';

const catalogues = { id: idFaq, en: enFaq };

describe('FAQ items', () => {
  it('has at least 40 questions covering PTK, students, offices and school admins', () => {
    expect(FAQ_ITEMS.length).toBeGreaterThanOrEqual(40);
    for (const group of ['ptk', 'pd', 'dinas', 'admin'] as const) {
      expect(FAQ_GROUPS).toContain(group);
      expect(FAQ_ITEMS.filter((item) => item.group === group).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives every question a unique, stable slug that starts with its group', () => {
    const ids = FAQ_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of FAQ_ITEMS) {
      expect(item.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)+$/);
      expect(item.id.startsWith(`${item.group}-`)).toBe(true);
      // Group anchors (`kelompok-*`) and the search box must never collide with a question.
      expect(item.id.startsWith('kelompok-')).toBe(false);
    }
    expect(isFaqItemId('ptk-lupa-kata-sandi')).toBe(true);
    expect(isFaqItemId('kelompok-ptk')).toBe(false);
  });

  it.each(Object.entries(catalogues))(
    'has a question and an answer for every item in %s',
    (_, catalogue) => {
      const items: Record<string, { q?: string; a?: string }> = catalogue.items;
      expect(Object.keys(items).sort()).toEqual(FAQ_ITEMS.map((item) => item.id).sort());
      for (const item of FAQ_ITEMS) {
        expect(items[item.id]?.q?.trim()).toBeTruthy();
        expect(items[item.id]?.a?.trim()).toBeTruthy();
      }
    },
  );

  it.each(Object.entries(catalogues))('labels every group and link in %s', (_, catalogue) => {
    const groups: Record<string, { title?: string }> = catalogue.groups;
    const links: Record<string, string> = catalogue.links;
    for (const group of FAQ_GROUPS) expect(groups[group]?.title).toBeTruthy();
    for (const key of Object.keys(FAQ_LINK_TARGETS)) expect(links[key]).toBeTruthy();
  });
});
