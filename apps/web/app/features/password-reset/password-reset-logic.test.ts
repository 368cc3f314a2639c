import { afterEach, describe, expect, it } from 'vitest';
import { passwordLength } from '~/components/new-password-fields';
import { normaliseCode, parseCodeLink } from './code-link';
import {
  RESET_FLOW_STORAGE_KEY,
  clearResetFlow,
  readResetFlow,
  resetSessionFrom,
  saveResetAccount,
  saveResetSession,
  updateResetSession,
} from './reset-flow-storage';

const SESSION_ID = 'Abc_def-1234567890abcdefXYZ';

describe('the link in the reset e-mail', () => {
  it('gives the session id and the code', () => {
    expect(parseCodeLink(`#sesi=${SESSION_ID}&kode=012345`)).toEqual({
      sessionId: SESSION_ID,
      code: '012345',
    });
  });
  it('keeps the session when the code is malformed, and refuses foreign fragments', () => {
    expect(parseCodeLink(`#sesi=${SESSION_ID}&kode=12ab`)).toEqual({
      sessionId: SESSION_ID,
      code: null,
    });
    expect(parseCodeLink('#main')).toBeNull();
    expect(parseCodeLink('#sesi=short&kode=123456')).toBeNull();
    expect(parseCodeLink('#sesi=<script>alert(1)</script>xxxxxxxx')).toBeNull();
  });
});

describe('code entry', () => {
  it('keeps only the digits of a pasted code, up to six', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-4567')).toBe('123456');
    expect(normaliseCode('kode: 98')).toBe('98');
  });
});

describe('new password length', () => {
  it('counts characters the way the server does', () => {
    expect(passwordLength('abcdefgh')).toBe(8);
    expect(passwordLength('🙂🙂🙂🙂🙂🙂🙂')).toBe(7);
  });
});

describe('the stored reset', () => {
  afterEach(() => window.sessionStorage.clear());
  const account = {
    token: 't'.repeat(43),
    email: 'r*****@gmail.com',
    emailEligible: true,
    phone: null,
    phoneEligible: false,
  };
  const session = {
    sessionId: SESSION_ID,
    method: 'email' as const,
    sentTo: 'r*****@gmail.com',
    codeExpiresAt: 1,
    resendAvailableAt: 2,
    attemptsLeft: 5,
    verifiedUntil: null,
  };

  it('lives in sessionStorage, never localStorage', () => {
    saveResetAccount(account);
    saveResetSession(session);
    expect(window.sessionStorage.getItem(RESET_FLOW_STORAGE_KEY)).toContain(SESSION_ID);
    expect(window.localStorage.getItem(RESET_FLOW_STORAGE_KEY)).toBeNull();
    expect(readResetFlow()).toEqual({ account, session });
  });
  it('drops the previous code session when a new lookup answers', () => {
    saveResetAccount(account);
    saveResetSession(session);
    saveResetAccount({ ...account, token: 'u'.repeat(43) });
    expect(readResetFlow().session).toBeNull();
  });
  it('updates the session and clears everything', () => {
    saveResetAccount(account);
    saveResetSession(session);
    updateResetSession({ attemptsLeft: 2 });
    expect(readResetFlow().session?.attemptsLeft).toBe(2);
    clearResetFlow();
    expect(readResetFlow()).toEqual({ account: null, session: null });
  });
  it('takes a send-code answer as the new code session, its times from now', () => {
    const sent = {
      session_id: SESSION_ID,
      metode: 'phone' as const,
      sent_to: '0812****7890',
      expires_in: 600,
      resend_in: 60,
      attempts_left: 3,
    };
    expect(resetSessionFrom(sent, 1_000)).toEqual({
      sessionId: SESSION_ID,
      method: 'phone',
      sentTo: '0812****7890',
      codeExpiresAt: 601_000,
      resendAvailableAt: 61_000,
      attemptsLeft: 3,
      verifiedUntil: null,
    });
  });
  it('treats unreadable storage as no reset', () => {
    window.sessionStorage.setItem(RESET_FLOW_STORAGE_KEY, '{not json');
    expect(readResetFlow()).toEqual({ account: null, session: null });
    window.sessionStorage.setItem(RESET_FLOW_STORAGE_KEY, JSON.stringify({ session: { x: 1 } }));
    expect(readResetFlow()).toEqual({ account: null, session: null });
  });
});
