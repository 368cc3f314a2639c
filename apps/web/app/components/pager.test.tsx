import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/i18n/i18n';
import { Pager } from '~/components/pager';
import { renderWithProviders } from '~/test-support/render-with-providers';

beforeAll(async () => {
  await i18n.changeLanguage('id');
});
afterEach(cleanup);

const pager = (page: number, total: number, onPage = vi.fn()) => {
  renderWithProviders(<Pager page={page} pageSize={25} total={total} onPage={onPage} />);
  return onPage;
};

describe('the console pager', () => {
  it('shows nothing while everything fits one page', () => {
    pager(1, 25);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says which page of how many, and moves one page either way', () => {
    const onPage = pager(2, 51);
    expect(screen.getByRole('navigation', { name: 'Halaman' })).toBeTruthy();
    expect(screen.getByText('Halaman 2 dari 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sebelumnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot go before the first page or past the last', () => {
    pager(3, 51);
    expect(screen.getByRole('button', { name: 'Berikutnya' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    pager(1, 51);
    expect(screen.getByRole('button', { name: 'Sebelumnya' }).hasAttribute('disabled')).toBe(true);
  });
});
