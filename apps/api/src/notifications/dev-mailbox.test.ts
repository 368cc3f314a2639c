import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BOT_CHECK: 'off', JOB_POLLING_SECONDS: '0.5' });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});

describe('dev mailbox', () => {
  it('shows the messages sent without SMTP, once the job has delivered them there', async () => {
    const found = await t.app.inject({
      method: 'POST',
      url: '/belajar-id/account-lookup/v1/lookup/ptk',
      payload: {
        npsn: FIXTURE.sd.npsn,
        name: FIXTURE.teacher.name,
        birthDate: FIXTURE.teacher.birthDate,
        motherName: FIXTURE.teacher.motherName,
      },
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/belajar-id/account-lookup/v1/lookup/request-password',
      headers: { authorization: `Bearer ${found.json().data.token}` },
    });
    expect(reply.statusCode).toBe(200);
    let messages: { recipient: string; deliveredVia: string | null; bodyText: string }[] = [];
    for (let i = 0; i < 100 && !messages[0]?.deliveredVia; i += 1) {
      messages = (await t.app.inject('/dev/mailbox/messages')).json().messages;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(messages[0]?.recipient).toBe(FIXTURE.teacher.email);
    expect(messages[0]?.deliveredVia).toBe('dev-mailbox');
    const page = await t.app.inject('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(FIXTURE.teacher.accounts[0]);
    expect(page.body).toContain('<html lang="id">');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({}, (config) => ({ ...config, env: 'production' }));
    try {
      expect((await production.app.inject('/dev/mailbox')).statusCode).toBe(404);
      expect((await production.app.inject('/dev/mailbox/messages')).statusCode).toBe(404);
      expect((await production.app.inject('/dev/demo-identities')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('demo identities', () => {
  it('are served as JSON outside production, with the demo password', async () => {
    const reply = await t.app.inject('/dev/demo-identities');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().password).toBe('Coba-Portal-2026');
    expect(Array.isArray(reply.json().identities)).toBe(true);
  });
});
