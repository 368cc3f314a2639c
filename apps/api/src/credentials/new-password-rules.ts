import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { isCommonPassword } from './common-passwords';

export type PasswordRefusal = {
  id: 'reset_password_common' | 'reset_password_is_account';
  message: string;
};

/**
 * What DESIGN.md refuses in a new password whatever the flow (a reset, a first sign-in, a staff
 * invitation): a common one, or the account's address or its local part. Null when none applies.
 * Whether it equals the current password is each flow's own check: only it has the hash.
 */
export function newPasswordRefusal(accountEmail: string, password: string): PasswordRefusal | null {
  if (isCommonPassword(password)) {
    return { id: 'reset_password_common', message: RESET_MESSAGES.commonPassword };
  }
  const localPart = accountEmail.split('@')[0] ?? '';
  if ([accountEmail, localPart].includes(password.toLowerCase())) {
    return { id: 'reset_password_is_account', message: RESET_MESSAGES.passwordIsAccount };
  }
  return null;
}
