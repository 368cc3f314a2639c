import { TotpEnrolledSchema } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** The first code from the app, which confirms the enrolment and answers the recovery codes. */
export const confirmTotpEnrolment = (uid: string, code: string) =>
  postJson(interactionPath('totpEnrol', uid), { code }, TotpEnrolledSchema, { outsideApi: true });

export const useConfirmTotpEnrolment = (uid: string) =>
  useMutation({ mutationFn: (code: string) => confirmTotpEnrolment(uid, code) });
