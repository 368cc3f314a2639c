import { SignInResultSchema, type SignInBody } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** The account address and password (and the solved bot check when asked for one). */
export const signInWithPassword = (uid: string, body: SignInBody) =>
  postJson(interactionPath('login', uid), body, SignInResultSchema, { outsideApi: true });

export const useSignInWithPassword = (uid: string) =>
  useMutation({ mutationFn: (body: SignInBody) => signInWithPassword(uid, body) });
