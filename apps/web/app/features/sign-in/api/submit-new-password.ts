import { SignInResultSchema } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** The new password that replaces an initial one set by an admin. */
export const submitNewPassword = (uid: string, password: string) =>
  postJson(interactionPath('newPassword', uid), { password }, SignInResultSchema, {
    outsideApi: true,
  });

export const useSubmitNewPassword = (uid: string) =>
  useMutation({ mutationFn: (password: string) => submitNewPassword(uid, password) });
