import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_TYPE_STORAGE_KEY } from '~/user-type/user-type-choice';
import { renderPage } from './help-content-test-utils';
import { OldHomepagePage } from './old-homepage-page';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('OldHomepagePage', () => {
  it('explains the account with the facts of the explainer and links to the lookup', async () => {
    const { container } = await renderPage(<OldHomepagePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Satu Akun untuk Belajar dan Mengajar',
    );
    expect(screen.getByRole('link', { name: 'Cek Akun belajar.id' }).getAttribute('href')).toBe(
      '/account/lookup/v2',
    );
    const text = container.textContent ?? '';
    for (const fact of [
      'Dapodik',
      '30 hari dan 3 hari',
      '30 hari, 1 minggu, dan 1 hari',
      '5 hari',
      '10 hari',
      '8 karakter',
      '10 Januari 2022',
      'dua minggu',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('{{');
  });

  it('routes each user type and remembers the choice', async () => {
    await renderPage(<OldHomepagePage />);
    const dinas = screen.getByRole('link', { name: 'Ajukan akun Dinas' });
    expect(dinas.getAttribute('href')).toBe('/account/dinas');
    expect(screen.getByRole('link', { name: 'Cek akun Peserta Didik' }).getAttribute('href')).toBe(
      '/account/lookup/v2',
    );
    fireEvent.click(dinas);
    expect(window.localStorage.getItem(USER_TYPE_STORAGE_KEY)).toBe('dinas');
  });

  it('reads in English', async () => {
    await renderPage(<OldHomepagePage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'One Account for Learning and Teaching',
    );
  });
});
