import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES, type StaffRole } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

/** Sets another member's roles: those granted and those withdrawn, at once. */
export async function setStaffRoles(id: string, roles: StaffRole[]) {
  const { data } = await putJson(
    consolePath(STAFF_ROUTES.roles, id),
    { roles },
    ResponseSchema,
    {},
  );
  return data;
}

export const useSetStaffRoles = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (roles: StaffRole[]) => setStaffRoles(id, roles),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
