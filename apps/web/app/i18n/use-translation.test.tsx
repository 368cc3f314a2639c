import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import '~/features/password-reset/password-reset-texts';
import '~/i18n/forms-namespace';
import { LANGUAGES, changeLanguage, i18n } from '~/i18n/i18n';
import { useTranslation } from '~/i18n/use-translation';
import '~/routes/account-lookup';
import '~/routes/faq';
import '~/routes/oldhomepage';
import '~/routes/privacy-policy';
import '~/routes/resources';
import '~/routes/webinar';

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);

function keysOf(node: unknown, prefix = ''): string[] {
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) =>
      keysOf(value, prefix ? `${prefix}.${key}` : key),
    );
  return [prefix];
}

describe('useTranslation', () => {
  afterAll(async () => {
    await changeLanguage('id');
  });

  it('answers every key of every namespace in both languages exactly as i18next does', async () => {
    let compared = 0;
    for (const language of LANGUAGES) {
      await changeLanguage(language);
      for (const namespace of Object.keys(i18n.store.data['id'] ?? {})) {
        const { result } = renderHook(() => useTranslation(namespace), { wrapper });
        const reference = i18n.getFixedT(language, namespace);
        for (const key of keysOf(i18n.getResourceBundle('id', namespace))) {
          expect(result.current.t(key), `${language} ${namespace} ${key}`).toBe(reference(key));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('answers plain texts itself and leaves variables, plurals and unknown keys to i18next', async () => {
    await changeLanguage('id');
    const { result } = renderHook(() => useTranslation('home'), { wrapper });
    const { translator } = i18n as unknown as { translator: { translate: () => string } };
    const translate = vi.spyOn(translator, 'translate');
    // {{domain}} is a default variable: answered from the catalogue.
    expect(result.current.t('users.title')).toBe('Cek Akun belajar.id Anda');
    expect(translate).not.toHaveBeenCalled();
    expect(result.current.t('users.title', { domain: 'contoh.id' })).toBe(
      'Cek Akun contoh.id Anda',
    );
    expect(result.current.t('no.such.key')).toBe('no.such.key');
    expect(translate).toHaveBeenCalledTimes(2);
    translate.mockRestore();
  });

  it('reads a bundle again when it changes', async () => {
    await changeLanguage('id');
    const { result } = renderHook(() => useTranslation('home'), { wrapper });
    const before = result.current.t('help.title');
    i18n.addResource('id', 'home', 'help.title', 'Perlu Bantuan?');
    expect(result.current.t('help.title')).toBe('Perlu Bantuan?');
    i18n.addResource('id', 'home', 'help.title', before);
    expect(result.current.t('help.title')).toBe(before);
  });
});
