import { CONSOLE_ROUTES, OfficeRequestDetailSchema, consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { officeRequestKey } from './get-office-request';

const ResponseSchema = dataEnvelope(OfficeRequestDetailSchema);

/** Rejects an office request with the reason the applicant reads. */
export async function rejectOfficeRequest(id: string, reason: string) {
  const { data } = await postJson(
    consolePath(CONSOLE_ROUTES.reject, id),
    { reason },
    ResponseSchema,
  );
  return data;
}

export const useRejectOfficeRequest = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectOfficeRequest(id, reason),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['office-requests'] });
      void queries.invalidateQueries({ queryKey: officeRequestKey(id) });
    },
  });
};
