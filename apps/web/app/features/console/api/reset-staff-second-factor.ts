import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

/** Forgets a member's second factor: their next sign-in enrols one again. */
export async function resetStaffSecondFactor(id: string) {
  const { data } = await postJson(
    consolePath(STAFF_ROUTES.resetSecondFactor, id),
    {},
    ResponseSchema,
    {},
  );
  return data;
}

export const useResetStaffSecondFactor = (id: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => resetStaffSecondFactor(id),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
