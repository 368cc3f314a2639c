import { dataEnvelope } from '@portal/contracts/envelope';
import { PasskeyListSchema, STAFF_PASSKEY_ROUTES, type Passkey } from '@portal/contracts/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { PASSKEYS_KEY } from './get-passkeys';

const ResponseSchema = dataEnvelope(PasskeyListSchema);

/** Removes one of the staff member's passkeys; answers those left. */
export async function removePasskey(id: string): Promise<Passkey[]> {
  const { data } = await postJson(
    STAFF_PASSKEY_ROUTES.remove.replace(':id', encodeURIComponent(id)),
    {},
    ResponseSchema,
  );
  return data.items;
}

export function useRemovePasskey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removePasskey(id),
    onSuccess: (left) => queries.setQueryData(PASSKEYS_KEY, left),
  });
}
