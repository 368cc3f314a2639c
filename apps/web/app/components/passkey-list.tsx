import clsx from 'clsx';
import type { Passkey } from '@portal/contracts/passkeys';
import type { ReactNode } from 'react';
import { PendingButton } from './pending-button';

/**
 * A person's own passkeys (the account holder's profile, a staff member's console account):
 * each by its name, with the line under it the page chooses, and its remove button.
 */
export function PasskeyList({
  passkeys,
  nameOf,
  details,
  removeText,
  removeNamed,
  onRemove,
  removePending = false,
  confirmation,
  className,
}: {
  passkeys: Passkey[];
  nameOf: (passkey: Passkey) => string;
  /** The line under the name: when it was added, and maybe when last used. */
  details: (passkey: Passkey) => ReactNode;
  removeText: string;
  /** The remove button's accessible name, which says which passkey it removes. */
  removeNamed: (name: string) => string;
  onRemove: (passkey: Passkey) => void;
  removePending?: boolean;
  /** What stands under a passkey in place of its remove button, while its removal is confirmed. */
  confirmation?: (passkey: Passkey) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={clsx(className, 'divide-y divide-line border-y border-line')}>
      {passkeys.map((passkey) => {
        const confirming = confirmation?.(passkey);
        return (
          <li key={passkey.id} className="py-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{nameOf(passkey)}</p>
                <p className="text-sm text-muted">{details(passkey)}</p>
              </div>
              {confirming ? null : (
                <PendingButton
                  type="button"
                  className="btn btn-secondary"
                  pending={removePending}
                  aria-label={removeNamed(nameOf(passkey))}
                  onClick={() => onRemove(passkey)}
                >
                  {removeText}
                </PendingButton>
              )}
            </div>
            {confirming}
          </li>
        );
      })}
    </ul>
  );
}
