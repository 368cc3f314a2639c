import {
  PasskeyRequestOptionsSchema,
  type PasskeyAuthenticationResponse,
} from '@portal/contracts/passkeys';
import { SignInResultSchema } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { getJson, postJson } from '~/api/api-client';
import { signWithPasskey } from '~/auth/passkeys';
import { interactionPath } from './interaction-path';

/** The challenge and the account's passkeys, for the browser to sign with one. */
export const getPasskeyOptions = (uid: string) =>
  getJson(interactionPath('passkey', uid), PasskeyRequestOptionsSchema, { outsideApi: true });

/** The browser's signed answer, in place of the app's code. */
export const signInWithPasskey = (uid: string, response: PasskeyAuthenticationResponse) =>
  postJson(interactionPath('passkey', uid), response, SignInResultSchema, { outsideApi: true });

/**
 * The whole passkey answer: the options, the browser's ceremony, the answer. Resolves to the
 * sign-in's result, or to why the browser did not sign (the person declined, or it failed).
 */
export const useSignInWithPasskey = (uid: string) =>
  useMutation({
    mutationFn: async () => {
      const signed = await signWithPasskey(await getPasskeyOptions(uid));
      return signed.ok ? signInWithPasskey(uid, signed.response) : signed.refusal;
    },
  });
