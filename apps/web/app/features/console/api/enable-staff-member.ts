import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

/** Enables a disabled member again. */
export async function enableStaffMember(id: string) {
  const { data } = await postJson(consolePath(STAFF_ROUTES.enable, id), {}, ResponseSchema, {});
  return data;
}

export const useEnableStaffMember = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => enableStaffMember(id),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
