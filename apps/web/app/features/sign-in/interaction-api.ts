import {
  INTERACTION_PATHS,
  InteractionDetailsSchema,
  SignInResultSchema,
  TotpEnrolledSchema,
  TotpEnrolmentSchema,
  type SignInResult,
  type SignInStep,
  type TotpBody,
} from '@portal/contracts/sign-in';
import {
  PasskeyRequestOptionsSchema,
  type PasskeyAuthenticationResponse,
} from '@portal/contracts/passkeys';
import { ApiError, getJson, postJson } from '~/api/api-client';
import type { ShownMessage } from '~/i18n/server-messages';
import { webConfig } from '~/config';

/** An interaction call of the provider, under the issuer's path on this origin. */
const interactionUrl = (which: keyof typeof INTERACTION_PATHS, uid: string) =>
  `${new URL(webConfig.oidc.issuer, window.location.origin).pathname}${INTERACTION_PATHS[which].replace(':uid', encodeURIComponent(uid))}`;

const outsideApi = { outsideApi: true } as const;

export const interactionApi = {
  details: (uid: string) =>
    getJson(interactionUrl('details', uid), InteractionDetailsSchema, outsideApi),
  password: (uid: string, body: { email: string; password: string }) =>
    postJson(interactionUrl('login', uid), body, SignInResultSchema, outsideApi),
  newPassword: (uid: string, password: string) =>
    postJson(interactionUrl('newPassword', uid), { password }, SignInResultSchema, outsideApi),
  startEnrolment: (uid: string) =>
    getJson(interactionUrl('totpEnrol', uid), TotpEnrolmentSchema, outsideApi),
  confirmEnrolment: (uid: string, code: string) =>
    postJson(interactionUrl('totpEnrol', uid), { code }, TotpEnrolledSchema, outsideApi),
  secondFactor: (uid: string, body: TotpBody) =>
    postJson(interactionUrl('totp', uid), body, SignInResultSchema, outsideApi),
  passkeyOptions: (uid: string) =>
    getJson(interactionUrl('passkey', uid), PasskeyRequestOptionsSchema, outsideApi),
  passkey: (uid: string, response: PasskeyAuthenticationResponse) =>
    postJson(interactionUrl('passkey', uid), response, SignInResultSchema, outsideApi),
};

/** What went wrong with a step's call, as the page shows it. */
export type StepProblem =
  | { kind: 'server'; message: ShownMessage }
  | { kind: 'wait'; seconds: number }
  | { kind: 'expired' };

export function problemOf(error: unknown): StepProblem {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 429 && error.retryAfter !== null)
    return { kind: 'wait', seconds: error.retryAfter };
  // No cookie of this flow, an ended interaction, or a step that is not this one's.
  if (error.status === 401 && error.fieldErrors.length === 0) return { kind: 'expired' };
  return { kind: 'server', message: error };
}

/** Where a step's answer leads: the provider (the sign-in is done), or the next step. */
export function follow(result: SignInResult, onStep: (step: SignInStep) => void): void {
  if ('redirectTo' in result) window.location.assign(result.redirectTo);
  else onStep(result.step);
}
