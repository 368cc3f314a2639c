import type { JWTPayload } from 'jose';
import { ASSURANCE_LEVELS } from '@portal/contracts/sign-in';
import { SECOND_FACTOR_POLICY } from '@portal/contracts/sign-in-methods';
import type { ErrorId } from '@portal/contracts/api-error';
import { StepUpRequiredError } from '../http/domain-errors';

/** How the session behind a token signed in: its level (`acr`) and when (`auth_time`). */
export type SignInAssurance = { acr: string | null; authTime: number | null };

export function assuranceOf(claims: JWTPayload): SignInAssurance {
  const { acr, auth_time: authTime } = claims;
  return {
    acr: typeof acr === 'string' ? acr : null,
    authTime: typeof authTime === 'number' ? authTime : null,
  };
}

const MAX_AGE_SECONDS = SECOND_FACTOR_POLICY.schoolAdminMaxAgeMinutes * 60;

/**
 * The one step-up rule (a school admin's sensitive actions, a change of a person's factors): a
 * session at the second factor's level (`acr` AAL2) whose factor was checked within the policy's
 * minutes (`auth_time`; a refresh keeps the sign-in's). Answers what is missing, or null.
 */
export function stepUpMissing(
  assurance: SignInAssurance,
  nowMs = Date.now(),
): 'second-factor' | 'recent-sign-in' | null {
  if (assurance.acr !== ASSURANCE_LEVELS.aal2) return 'second-factor';
  if (assurance.authTime === null || nowMs / 1000 - assurance.authTime > MAX_AGE_SECONDS) {
    return 'recent-sign-in';
  }
  return null;
}

/** The 403 of a missing step-up, with the challenge RFC 9470 (OAuth step-up) describes. */
export const stepUpRequired = (
  id: Extract<ErrorId, 'second_factor_required' | 'reauthentication_required'>,
  message: string,
) =>
  new StepUpRequiredError(
    `Bearer error="insufficient_user_authentication", acr_values="${ASSURANCE_LEVELS.aal2}", max_age=${MAX_AGE_SECONDS}`,
    { id, message },
  );
