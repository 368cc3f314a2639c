import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyAddForm } from './passkey-add';

let hasPasskeys = true;
vi.mock('~/auth/passkeys', () => ({ browserHasPasskeys: () => hasPasskeys }));

const TEXTS = { label: 'Name', labelHint: 'Hint', add: 'Add', adding: 'Adding', unsupported: 'No' };

afterEach(() => {
  cleanup();
  hasPasskeys = true;
});

describe('the form that adds a passkey', () => {
  it('sends the name the page holds', () => {
    const onAdd = vi.fn();
    const onLabelChange = vi.fn();
    render(
      <PasskeyAddForm
        label="Laptop"
        onLabelChange={onLabelChange}
        onAdd={onAdd}
        pending={false}
        texts={TEXTS}
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ponsel' } });
    expect(onLabelChange).toHaveBeenCalledWith('Ponsel');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('says so in a browser without passkeys', () => {
    hasPasskeys = false;
    render(
      <PasskeyAddForm label="" onLabelChange={vi.fn()} onAdd={vi.fn()} pending texts={TEXTS} />,
    );
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adding' })).toBeNull();
  });
});
