import { SignInResultSchema, type TotpBody } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** A code from the authenticator app, or one of the recovery codes. */
export const verifySecondFactor = (uid: string, body: TotpBody) =>
  postJson(interactionPath('totp', uid), body, SignInResultSchema, { outsideApi: true });

export const useVerifySecondFactor = (uid: string) =>
  useMutation({ mutationFn: (body: TotpBody) => verifySecondFactor(uid, body) });
