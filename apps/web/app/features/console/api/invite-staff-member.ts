import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffMemberSchema, STAFF_ROUTES, type StaffRole } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { STAFF_KEY } from './get-staff';

const ResponseSchema = dataEnvelope(StaffMemberSchema);

export type StaffInvitation = { email: string; roles: StaffRole[] };

/** Invites an address of the staff domain with its roles: the API mails the link. */
export async function inviteStaffMember(invitation: StaffInvitation) {
  const { data } = await postJson(STAFF_ROUTES.list, invitation, ResponseSchema);
  return data;
}

export const useInviteStaffMember = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (invitation: StaffInvitation) => inviteStaffMember(invitation),
    onSuccess: () => void queries.invalidateQueries({ queryKey: STAFF_KEY }),
  });
};
