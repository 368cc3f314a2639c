import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

/** Disables a member: their sessions and refresh tokens end at once. */
export async function disableStaffMember(id: string) {
  const { data } = await postJson(consolePath(STAFF_ROUTES.disable, id), {}, ResponseSchema, {});
  return data;
}

export const useDisableStaffMember = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => disableStaffMember(id),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
