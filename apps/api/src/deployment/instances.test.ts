import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_PATHS } from '@portal/contracts/password-reset';
import { outboxMessages } from '../db/schema';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { TEACHER_LOOKUP_FORM } from '../test-support/mailed-test-app';
import { createTestCluster } from '../test-support/test-app';

// Several instances on one database and one counters store: every request below goes
// to the next instance in turn, as a round-robin load balancer sends them. A journey works only
// if nothing it needs lives in one instance's memory.

let cluster: Awaited<ReturnType<typeof createTestCluster>>;
let turn = 0;

/** The instances behind one address: each call goes to the next one. */
const balancer = {
  inject: (options: InjectOptions | string) => {
    const instance = cluster.instances[turn % cluster.instances.length]!;
    turn += 1;
    return instance.inject(options as InjectOptions);
  },
} as unknown as FastifyInstance;

const post = async (path: string, payload: object, headers: Record<string, string> = {}) => {
  const reply = await balancer.inject({
    method: 'POST',
    url: `/belajar-id${path}`,
    payload,
    headers,
  });
  return reply;
};

beforeAll(async () => {
  cluster = await createTestCluster(3, {
    BOT_CHECK: 'off',
    JOB_POLLING_SECONDS: '0.5',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '6',
  });
  await loadRegistryFixture(cluster.database);
});
afterAll(async () => {
  await cluster?.close();
});

/** The newest message of a template, once a worker (of any instance) has delivered it. */
async function delivered(template: string) {
  for (let wait = 0; wait < 80; wait += 1) {
    const [row] = await cluster.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, template))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    if (row?.deliveredAt) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${template} delivered`);
}

describe('consecutive requests on different instances', () => {
  it('keep a lookup token, a reset session and its code, and the password it sets', async () => {
    const found = await post('/account-lookup/v1/lookup/ptk', TEACHER_LOOKUP_FORM);
    expect(found.statusCode).toBe(200);
    const token = found.json().data.token as string;
    const details = await post(
      '/account-lookup/v1/lookup/request-password?method=email',
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(details.statusCode, details.body).toBe(200);
    await delivered('account-details');

    const verify = await post(RESET_PATHS.verify, {
      belajaridEmail: FIXTURE.teacher.accounts[0],
      dob: FIXTURE.teacher.birthDate,
    });
    const sent = await post(RESET_PATHS.sendOtp, {
      token: verify.json().data.token,
      metode: 'email',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sessionId = sent.json().data.session_id as string;
    const mail = await delivered('reset-code');
    const otp = /: (\d{6})\n/.exec(mail.bodyText)?.[1] ?? '';
    expect((await post(RESET_PATHS.validateOtp, { session_id: sessionId, otp })).statusCode).toBe(
      200,
    );
    const password = 'Sandi-Baru-Lintas-Instans';
    const set = await post(RESET_PATHS.setPassword, {
      session_id: sessionId,
      password,
      password_confirmation: password,
    });
    expect(set.statusCode, set.body).toBe(200);

    // The sign-in: discovery, authorization, the password, the resume and the token request,
    // each on the next instance; the keys and the interaction are shared through the database.
    const rp = await discoverClient(balancer, cluster.config);
    const tokens = await signIn(
      rp,
      cluster.config,
      createBrowser(balancer, cluster.config.oidc.issuer),
      {
        email: FIXTURE.teacher.accounts[0]!,
        password,
      },
    );
    expect(tokens.claims()?.email).toBe(FIXTURE.teacher.accounts[0]);
    const profile = await balancer.inject({
      method: 'GET',
      url: '/belajar-id/profile/v1/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('count a limit once across instances, and run each job once', async () => {
    const form = { ...TEACHER_LOOKUP_FORM, npsn: FIXTURE.smp.npsn, motherName: 'Bukan Ibunya' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await post('/account-lookup/v1/lookup/ptk', form)).statusCode);
    // Six lookups of one person an hour, wherever they land; the seventh waits.
    expect(statuses.slice(0, 6).every((status) => status === 404)).toBe(true);
    expect(statuses[6]).toBe(429);

    const messages = await cluster.database.db
      .select({ id: outboxMessages.id, attempts: outboxMessages.attempts })
      .from(outboxMessages);
    expect(messages.length).toBeGreaterThan(0);
    // Three instances' workers, one delivery each.
    for (const message of messages) expect(message.attempts).toBe(1);
  });
});
