import { TotpEnrolmentSchema } from '@portal/contracts/sign-in';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** The authenticator app's secret for this enrolment, as a QR code and as text to type. */
export const startTotpEnrolment = (uid: string) =>
  getJson(interactionPath('totpEnrol', uid), TotpEnrolmentSchema, { outsideApi: true });

/** Asked once per step: the secret shown is the one the first code must confirm. */
export const useTotpEnrolment = (uid: string) =>
  useQuery({
    queryKey: ['totp-enrolment', uid],
    queryFn: () => startTotpEnrolment(uid),
    retry: false,
    staleTime: Infinity,
  });
