import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogs } from '~/components/dialog-store';
import { brand } from '~/config';
import { renderPage } from './help-content-test-utils';
import { GUIDES, LEARNING_APPS } from './resources-content';
import { ResourcesPage } from './resources-page';

afterEach(cleanup);

function OpenDialogs() {
  const { stack } = useDialogs();
  return <output data-testid="dialogs">{JSON.stringify(stack)}</output>;
}

describe('ResourcesPage', () => {
  it('has activation steps, every guide and the app catalogue, with headings in order', async () => {
    const { container } = await renderPage(<ResourcesPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Panduan dan Sumber Belajar',
    );
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Langkah Aktivasi Akun belajar.id',
      'Panduan Langkah demi Langkah',
      'Katalog Aplikasi Belajar',
      'Masih Butuh Bantuan?',
    ]);
    const activation = container.querySelector('#aktivasi-akun');
    expect(activation?.querySelectorAll('ol > li')).toHaveLength(6);
    for (const guide of GUIDES) {
      const card = container.querySelector(`#${guide.id}`);
      expect(card?.querySelectorAll('ol > li').length).toBeGreaterThanOrEqual(4);
    }
    const catalogue = container.querySelector('#katalog-aplikasi');
    expect(catalogue?.querySelectorAll('h3')).toHaveLength(LEARNING_APPS.length);
    expect(container.textContent).not.toContain('{{');
  });

  it('links guides to the pages and brand links they describe', async () => {
    const { container } = await renderPage(<ResourcesPage />);
    const dinas = container.querySelector<HTMLElement>('#panduan-akun-dinas');
    const admin = container.querySelector<HTMLElement>('#panduan-portal-admin');
    if (!dinas || !admin) throw new Error('missing guide');
    expect(
      within(dinas).getByRole('link', { name: 'Ajukan Akun Dinas' }).getAttribute('href'),
    ).toBe('/account/dinas');
    expect(
      within(admin).getByRole('link', { name: 'Masuk ke Portal Admin' }).getAttribute('href'),
    ).toBe(brand.adminPortalUrl);
  });

  it('opens the reset and student-request modals from their guides', async () => {
    await renderPage(
      <>
        <ResourcesPage />
        <OpenDialogs />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset Kata Sandi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajukan Akun Peserta Didik' }));
    expect(JSON.parse(screen.getByTestId('dialogs').textContent ?? '[]')).toEqual([
      { kind: 'reset' },
      { kind: 'auth', mode: 'pengajuan-akun' },
    ]);
  });

  it('reads in English', async () => {
    await renderPage(<ResourcesPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Guides and Learning Resources',
    );
    expect(screen.getByRole('heading', { name: 'Cloud Suite for Education' })).toBeTruthy();
  });
});
