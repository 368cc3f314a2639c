import { dataEnvelope } from '@portal/contracts/envelope';
import {
  RecoveryCodesSchema,
  SIGN_IN_METHODS_ROUTES,
  type Confirmation,
} from '@portal/contracts/sign-in-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { postJson } from '~/api/api-client';
import { SIGN_IN_METHODS_KEY } from './get-sign-in-methods';

const RenewedSchema = dataEnvelope(RecoveryCodesSchema);
// A removal answers 204: no body to read.
const NoBody = z.null();

/** What weakens or renews the second factor; each confirmed with the password or an app code. */
export type MethodChange =
  { kind: 'remove-app' } | { kind: 'remove-passkey'; id: string } | { kind: 'renew-codes' };

/** Runs the change; answers new recovery codes when it renewed them. */
export async function changeSignInMethod(
  change: MethodChange,
  confirmation: Confirmation,
): Promise<string[] | null> {
  const body = { confirmation };
  if (change.kind === 'renew-codes') {
    const { data } = await postJson(SIGN_IN_METHODS_ROUTES.recoveryCodes, body, RenewedSchema, {});
    return data.recovery_codes;
  }
  const path =
    change.kind === 'remove-app'
      ? SIGN_IN_METHODS_ROUTES.totpRemove
      : SIGN_IN_METHODS_ROUTES.passkeyRemove.replace(':id', encodeURIComponent(change.id));
  await postJson(path, body, NoBody);
  return null;
}

export function useChangeSignInMethod() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ change, confirmation }: { change: MethodChange; confirmation: Confirmation }) =>
      changeSignInMethod(change, confirmation),
    onSuccess: () => queries.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY }),
  });
}
