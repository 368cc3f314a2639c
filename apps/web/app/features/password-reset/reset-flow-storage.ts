import type { ResetMethod, SendOtpResult } from '@portal/contracts/password-reset';

/**
 * The reset in progress, in sessionStorage: it dies with the tab, and it holds no personal data
 * beyond the masked contacts the server already showed (the account address and birth date the
 * person typed are never stored).
 */
export const RESET_FLOW_STORAGE_KEY = 'portal.passwordReset';

/** The answer of the verify step: the token that lets this tab ask for codes. */
export type ResetAccount = {
  token: string;
  email: string | null;
  emailEligible: boolean;
  phone: string | null;
  phoneEligible: boolean;
};

/** One code sent: every send answers a new session id, the previous one stops working. */
export type ResetSession = {
  sessionId: string;
  method: ResetMethod;
  /** Masked contact; unknown when the page was opened from the link in the e-mail. */
  sentTo: string | null;
  /** Epoch milliseconds; null when unknown (opened from the link). */
  codeExpiresAt: number | null;
  resendAvailableAt: number | null;
  attemptsLeft: number | null;
  /** Set once the code was accepted: the new password must be chosen before this time. */
  verifiedUntil: number | null;
};

/** The reset's state after a code was sent: the one mapping of the send-code answer. */
export function resetSessionFrom(sent: SendOtpResult, now: number = Date.now()): ResetSession {
  return {
    sessionId: sent.session_id,
    method: sent.metode,
    sentTo: sent.sent_to,
    codeExpiresAt: now + sent.expires_in * 1000,
    resendAvailableAt: now + sent.resend_in * 1000,
    attemptsLeft: sent.attempts_left,
    verifiedUntil: null,
  };
}

export type ResetFlow = { account: ResetAccount | null; session: ResetSession | null };

const EMPTY: ResetFlow = { account: null, session: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function readAccount(value: unknown): ResetAccount | null {
  if (!isRecord(value) || typeof value['token'] !== 'string') return null;
  return {
    token: value['token'],
    email: stringOrNull(value['email']),
    emailEligible: value['emailEligible'] === true,
    phone: stringOrNull(value['phone']),
    phoneEligible: value['phoneEligible'] === true,
  };
}

function readSession(value: unknown): ResetSession | null {
  if (!isRecord(value) || typeof value['sessionId'] !== 'string') return null;
  return {
    sessionId: value['sessionId'],
    method: value['method'] === 'phone' ? 'phone' : 'email',
    sentTo: stringOrNull(value['sentTo']),
    codeExpiresAt: numberOrNull(value['codeExpiresAt']),
    resendAvailableAt: numberOrNull(value['resendAvailableAt']),
    attemptsLeft: numberOrNull(value['attemptsLeft']),
    verifiedUntil: numberOrNull(value['verifiedUntil']),
  };
}

/** The stored reset; anything unreadable counts as no reset at all. */
export function readResetFlow(): ResetFlow {
  try {
    const raw = storage()?.getItem(RESET_FLOW_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return EMPTY;
    return { account: readAccount(parsed['account']), session: readSession(parsed['session']) };
  } catch {
    return EMPTY;
  }
}

function write(flow: ResetFlow): void {
  try {
    storage()?.setItem(RESET_FLOW_STORAGE_KEY, JSON.stringify(flow));
  } catch {
    // Blocked storage: the journey still works within this page, only a reload loses it.
  }
}

/** A new verify answer starts a new reset: any earlier code session is dropped. */
export function saveResetAccount(account: ResetAccount): void {
  write({ account, session: null });
}

export function saveResetSession(session: ResetSession): void {
  write({ ...readResetFlow(), session });
}

export function updateResetSession(change: Partial<ResetSession>): void {
  const flow = readResetFlow();
  if (flow.session) write({ ...flow, session: { ...flow.session, ...change } });
}

export function clearResetFlow(): void {
  try {
    storage()?.removeItem(RESET_FLOW_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
