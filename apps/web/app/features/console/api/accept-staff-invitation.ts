import { dataEnvelope } from '@portal/contracts/envelope';
import { STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(z.object({ email: z.string() }));

export type InvitationAcceptance = { token: string; password: string };

/** The invited person's password, with the link's token; answers the address to sign in with. */
export async function acceptStaffInvitation(acceptance: InvitationAcceptance) {
  const { data } = await postJson(STAFF_ROUTES.acceptInvitation, acceptance, ResponseSchema);
  return data;
}

export const useAcceptStaffInvitation = () =>
  useMutation({
    mutationFn: (acceptance: InvitationAcceptance) => acceptStaffInvitation(acceptance),
  });
