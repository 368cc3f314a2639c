import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogs } from '~/components/dialog-store';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { Navbar } from './navbar';

function OpenDialogs() {
  const { stack } = useDialogs();
  return <p data-testid="dialogs">{stack.map((dialog) => dialog.kind).join(',')}</p>;
}

const show = () =>
  renderWithProviders(
    <>
      <Navbar />
      <OpenDialogs />
    </>,
    { path: '/', dialogs: true },
  );

afterEach(cleanup);

describe('the mobile menu', () => {
  it.each([
    ['Ajukan Akun Peserta Didik', 'auth'],
    ['Reset Password', 'reset'],
  ])('closes when %s opens a modal, focus kept on its button', (item, kind) => {
    show();
    const toggle = screen.getByRole('button', { name: /Menu/ });
    fireEvent.click(toggle);
    const menu = document.getElementById('mobile-menu')!;
    expect(menu.hidden).toBe(false);
    fireEvent.click(
      Array.from(menu.querySelectorAll('button')).find((b) => b.textContent === item)!,
    );
    expect(screen.getByTestId('dialogs').textContent).toBe(kind);
    expect(document.getElementById('mobile-menu')?.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
