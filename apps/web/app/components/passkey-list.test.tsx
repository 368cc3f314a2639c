import type { Passkey } from '@portal/contracts/passkeys';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyAddForm, PasskeyList } from './passkey-list';

let hasPasskeys = true;
vi.mock('~/auth/passkeys', () => ({ browserHasPasskeys: () => hasPasskeys }));

const PASSKEYS = [
  { id: 'a', label: 'Laptop', createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: null },
  { id: 'b', label: null, createdAt: '2026-11-02T00:00:00.000Z', lastUsedAt: null },
] as unknown as Passkey[];

const TEXTS = { label: 'Name', labelHint: 'Hint', add: 'Add', adding: 'Adding', unsupported: 'No' };

afterEach(() => {
  cleanup();
  hasPasskeys = true;
});

describe('the passkey list', () => {
  it('names each passkey, and shows a confirmation in place of the one being removed', () => {
    const onRemove = vi.fn();
    render(
      <PasskeyList
        passkeys={PASSKEYS}
        nameOf={(passkey) => passkey.label ?? `Passkey ${passkey.id}`}
        details={(passkey) => `added ${passkey.createdAt.slice(0, 10)}`}
        removeText="Remove"
        removeNamed={(name) => `Remove ${name}`}
        onRemove={onRemove}
        confirmation={(passkey) => (passkey.id === 'b' ? <p>Sure?</p> : null)}
      />,
    );
    expect(screen.getByText('added 2026-11-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Laptop' }));
    expect(onRemove).toHaveBeenCalledWith(PASSKEYS[0]);
    expect(screen.queryByRole('button', { name: 'Remove Passkey b' })).toBeNull();
    expect(screen.getByText('Sure?')).toBeTruthy();
  });
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
