import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

/** Sends an unused invitation again, with a new link (the old one stops working). */
export async function resendStaffInvitation(id: string) {
  const { data } = await postJson(consolePath(STAFF_ROUTES.invitation, id), {}, ResponseSchema, {});
  return data;
}

export const useResendStaffInvitation = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => resendStaffInvitation(id),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
