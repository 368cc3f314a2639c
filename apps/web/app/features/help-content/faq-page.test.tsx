import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brand } from '~/config';
import { FAQ_ITEMS } from './faq-items';
import { FaqPage } from './faq-page';
import { renderPage } from './help-content-test-utils';

const questions = (container: HTMLElement) => container.querySelectorAll('details');
const resultStatus = () => document.getElementById('faq-search-status')?.textContent;
const search = () => screen.getByRole('searchbox', { name: 'Cari pertanyaan' });

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('FaqPage', () => {
  it('shows every question, grouped, under one page heading', async () => {
    const { container } = await renderPage(<FaqPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Pertanyaan yang Sering Diajukan',
    );
    expect(questions(container)).toHaveLength(FAQ_ITEMS.length);
    const groupHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(groupHeadings).toEqual([
      'Umum',
      'PTK (Pendidik dan Tenaga Kependidikan)',
      'Peserta Didik',
      'Dinas Pendidikan',
      'Admin Sekolah',
    ]);
    expect(resultStatus()).toBe(`Menampilkan semua ${FAQ_ITEMS.length} pertanyaan.`);
  });

  it('interpolates the product domain and never leaves a placeholder', async () => {
    const { container } = await renderPage(<FaqPage />);
    expect(container.textContent).toContain('Apa itu Akun belajar.id?');
    expect(container.textContent).not.toContain('{{');
  });

  it('filters questions and answers live and announces the count', async () => {
    const { container } = await renderPage(<FaqPage />);
    fireEvent.input(search(), { target: { value: 'chromebook' } });
    const shown = [...questions(container)].map((details) => details.id);
    expect(shown).toEqual(['umum-chromebook']);
    await waitFor(() => expect(resultStatus()).toBe('1 pertanyaan cocok dengan “chromebook”.'));
  });

  it('matches answers too, ignoring case and accents', async () => {
    const { container } = await renderPage(<FaqPage />);
    fireEvent.input(search(), { target: { value: 'DRÏVE bersama' } });
    expect([...questions(container)].map((details) => details.id)).toEqual(['pd-drive-bersama']);
    // "10 januari 2022" appears only inside an answer.
    fireEvent.input(search(), { target: { value: '10 januari 2022' } });
    expect([...questions(container)].map((details) => details.id)).toEqual(['ptk-rekam-rapat']);
  });

  it('says so, and points to the help centre, when nothing matches', async () => {
    const { container } = await renderPage(<FaqPage />);
    fireEvent.input(search(), { target: { value: 'zzqx tidak ada' } });
    expect(questions(container)).toHaveLength(0);
    expect(
      screen.getByRole('heading', {
        name: 'Tidak ada pertanyaan yang cocok dengan “zzqx tidak ada”.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buka Pusat Bantuan' }).getAttribute('href')).toBe(
      brand.helpCentreUrl,
    );
    await waitFor(() =>
      expect(resultStatus()).toBe('Tidak ada pertanyaan yang cocok dengan “zzqx tidak ada”.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(questions(container)).toHaveLength(FAQ_ITEMS.length);
    expect(document.activeElement).toBe(search());
  });

  it('opens the question named in the address hash, also after a hash change', async () => {
    window.history.replaceState(null, '', '/faq#ptk-lupa-kata-sandi');
    const { container } = await renderPage(<FaqPage />, { path: '/faq' });
    const target = container.querySelector<HTMLDetailsElement>('#ptk-lupa-kata-sandi');
    expect(target?.open).toBe(true);
    expect(document.activeElement).toBe(target?.querySelector('summary'));

    fireEvent.input(search(), { target: { value: 'chromebook' } });
    act(() => {
      window.history.replaceState(null, '', '/faq#dinas-lama-proses');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect((search() as HTMLInputElement).value).toBe('');
    expect(container.querySelector<HTMLDetailsElement>('#dinas-lama-proses')?.open).toBe(true);
  });

  it('copies a link to one question', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = await renderPage(<FaqPage />, { path: '/faq' });
    const item = container.querySelector<HTMLElement>('#dinas-lama-proses');
    if (!item) throw new Error('missing question');
    fireEvent.click(within(item).getByText('Berapa lama proses pembuatan akun dinas?'));
    await waitFor(() => expect((item as HTMLDetailsElement).open).toBe(true));
    fireEvent.click(
      within(item).getByRole('button', { name: /^Salin tautan ke pertanyaan: Berapa lama/ }),
    );
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/#dinas-lama-proses$/)),
    );
    await waitFor(() =>
      expect(
        screen.getByText('Tautan pertanyaan disalin.', { selector: '[role=status]' }),
      ).toBeTruthy(),
    );
  });

  it('reads in English with a complete translation', async () => {
    const { container } = await renderPage(<FaqPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Frequently Asked Questions',
    );
    expect(screen.getByRole('searchbox', { name: 'Search the questions' })).toBeTruthy();
    expect(container.textContent).toContain('What is the belajar.id Account?');
    expect(container.textContent).toContain(`Showing all ${FAQ_ITEMS.length} questions.`);
  });
});
