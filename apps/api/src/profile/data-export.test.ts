import { inArray } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATH, PROFILE_PATHS } from '@portal/contracts/profile';
import { outboxMessages } from '../db/schema';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import { createBrowser, signIn } from '../test-support/platform-sign-in';

// What a signed-in person reads of the messages the portal sent: only those to addresses that
// are theirs, and never a one-time code, whoever it was meant for.

const API = '/belajar-id';
const RESET = `${API}/account-lookup/v1/lookup/self-reset-password`;

let t: TestApp;
let rp: client.Configuration;

beforeAll(async () => {
  // Without SMTP the messages stay in the outbox with their text, as in the dev mailbox or
  // while a delivery waits: the export must hold up against that.
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'off' }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'id' },
    ...(payload ? { payload } : {}),
  });

/** Asks for a reset code by e-mail for an account, as anyone can from the home page. */
async function startReset(account: string, birthDate: string) {
  const verified = await t.app.inject({
    method: 'POST',
    url: `${RESET}/verify`,
    payload: { belajaridEmail: account, dob: birthDate },
  });
  expect(verified.statusCode).toBe(200);
  const sent = await t.app.inject({
    method: 'POST',
    url: `${RESET}/send-otp`,
    payload: { token: verified.json().data.token, metode: 'email' },
  });
  expect(sent.statusCode).toBe(200);
}

describe('the messages a copy of one’s data shows', () => {
  it("hold no code: not the victim's reset code, not one's own pending change's, not one's own reset's", async () => {
    const teacher = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: TEACHER_PASSWORD,
    });
    const token = teacher.access_token;
    // The attacker names the victim's personal address as their own new one (never confirmed)...
    const change = await call('POST', PROFILE_PATHS.email, token, { email: FIXTURE.dinas.email });
    expect(change.statusCode).toBe(200);
    // ...and asks for a reset of the victim's account, whose code goes to that address.
    await startReset(FIXTURE.dinas.accounts[0]!, FIXTURE.dinas.birthDate);
    // A reset of one's own account: its code goes to one's own, verified address.
    await startReset(FIXTURE.teacher.accounts[0]!, FIXTURE.teacher.birthDate);

    const sent = await t.database.db
      .select({
        recipient: outboxMessages.recipient,
        template: outboxMessages.template,
        subject: outboxMessages.subject,
        bodyText: outboxMessages.bodyText,
      })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [FIXTURE.dinas.email, FIXTURE.teacher.email]));
    const codes = sent.flatMap((message) => [...message.bodyText.matchAll(/\b\d{6}\b/g)]);
    const codeValues = [...new Set(codes.map((match) => match[0]))];
    // The premise: three codes, each in its subject as mailed.
    expect(sent.map((message) => message.template).sort()).toEqual([
      'email-change-code',
      'reset-code',
      'reset-code',
    ]);
    expect(codeValues).toHaveLength(3);
    expect(
      sent.every((message) => codeValues.some((code) => message.subject?.includes(code))),
    ).toBe(true);

    // The phone on file is digits too: it is taken out before looking for a code.
    const withoutPhone = (text: string) => text.replaceAll(FIXTURE.teacher.phone, '');
    const json = await call('POST', `${PROFILE_PATHS.dataExport}?format=json`, token);
    expect(json.statusCode).toBe(200);
    const page = await call('POST', `${PROFILE_PATHS.dataExport}?format=html`, token);
    expect(page.statusCode).toBe(200);
    const profile = await call('GET', PROFILE_PATH, token);
    expect(profile.statusCode).toBe(200);
    for (const body of [json.body, page.body, profile.body]) {
      for (const code of codeValues) expect(withoutPhone(body)).not.toContain(code);
      // Nothing of an address that was never verified as the caller's.
      expect(body).not.toContain(FIXTURE.dinas.email);
      expect(body).not.toMatch(/kode=|sesi=|#t=/);
    }

    // One's own messages are still listed: to one's own address, without the code.
    const notices = json.json().notices as { to: string; subject: string | null }[];
    const own = notices.filter((notice) => notice.to === FIXTURE.teacher.email);
    expect(own).toHaveLength(1);
    expect(own[0]!.subject).toBeTruthy();
    expect(notices.every((notice) => notice.to !== FIXTURE.dinas.email)).toBe(true);
    // The pending change is the caller's own request: listed, its unverified address masked.
    expect(json.json().email_changes).toEqual([
      expect.objectContaining({ new_email: 'a*****@example.com', closed_at: null }),
    ]);
  });
});
