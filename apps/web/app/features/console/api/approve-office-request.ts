import { CONSOLE_ROUTES, OfficeRequestDetailSchema, consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { officeRequestKey } from './get-office-request';

const ResponseSchema = dataEnvelope(OfficeRequestDetailSchema);

/** Approves an office request: the account is made by a job afterwards. */
export async function approveOfficeRequest(id: string) {
  const { data } = await postJson(consolePath(CONSOLE_ROUTES.approve, id), {}, ResponseSchema, {});
  return data;
}

export const useApproveOfficeRequest = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => approveOfficeRequest(id),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['office-requests'] });
      void queries.invalidateQueries({ queryKey: officeRequestKey(id) });
    },
  });
};
