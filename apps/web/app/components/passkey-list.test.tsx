import type { Passkey } from '@portal/contracts/passkeys';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyList } from './passkey-list';

const PASSKEYS = [
  { id: 'a', label: 'Laptop', createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: null },
  { id: 'b', label: null, createdAt: '2026-11-02T00:00:00.000Z', lastUsedAt: null },
] as unknown as Passkey[];

afterEach(cleanup);

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
