import { RESET_POLICY } from '@portal/contracts/password-reset';

const CODE_PATTERN = new RegExp(`^\\d{${RESET_POLICY.codeDigits}}$`);
// Session ids are base64url secrets; anything else in the fragment is not ours.
const SESSION_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

export type CodeLink = { sessionId: string; code: string | null };

/**
 * Reads the fragment of the link in the reset e-mail (`#sesi=<id>&kode=<code>`). A fragment never
 * reaches a server, but it stays in the address bar and history, so callers remove it at once.
 */
export function parseCodeLink(hash: string): CodeLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sessionId = params.get('sesi');
  if (!sessionId || !SESSION_PATTERN.test(sessionId)) return null;
  const code = params.get('kode');
  return { sessionId, code: code && CODE_PATTERN.test(code) ? code : null };
}

/** Keeps only the digits of what was typed or pasted ("123 456", "123-456" from an SMS). */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, RESET_POLICY.codeDigits);
}
