import { expect } from 'vitest';
import type { Clock } from '../jobs/clock';
import { FIXTURE, loadRegistryFixture } from './registry-fixture';
import { createSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

/**
 * The app with the registry fixture, its mail delivered to a real SMTP server on loopback (read
 * by the test), jobs polled quickly and the bot check off: the setup of the journeys that send.
 */
export async function createMailedTestApp(
  env: Record<string, string> = {},
  now?: Clock,
): Promise<{
  t: TestApp;
  smtp: SmtpSink;
  ids: Record<string, number>;
  close: () => Promise<void>;
}> {
  const smtp = await createSmtpSink();
  await smtp.start();
  const t = await createTestApp(
    {
      BOT_CHECK: 'off',
      SMTP_URL: smtp.url,
      JOB_POLLING_SECONDS: '0.5',
      ...env,
    },
    undefined,
    { now },
  );
  const { ids } = await loadRegistryFixture(t.database);
  return {
    t,
    smtp,
    ids,
    close: async () => {
      await t.close();
      await smtp.stop();
    },
  };
}

/** The teacher of the fixture as a person types them into the lookup: messy but matching. */
export const TEACHER_LOOKUP_FORM = {
  npsn: FIXTURE.sd.npsn,
  name: FIXTURE.teacher.typed,
  birthDate: FIXTURE.teacher.birthDate,
  motherName: FIXTURE.teacher.typedMother,
};

/** The lookup token of a person found by the lookup of this type. */
export async function lookupTokenFor(t: TestApp, type: string, payload: object): Promise<string> {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/belajar-id/account-lookup/v1/lookup/${type}`,
    payload,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.token as string;
}
