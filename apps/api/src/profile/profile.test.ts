import { eq } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATH, SCHOOL_ADMINS_PATH } from '@portal/contracts/profile';
import { people, schoolMemberships } from '../db/schema';
import { createBrowser, signIn } from '../test-support/platform-sign-in';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';

const PASSWORD = TEACHER_PASSWORD;
let t: TestApp;
let rp: client.Configuration;

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'off' }));
});
afterAll(async () => {
  await t?.close();
});

const profile = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/belajar-id${PROFILE_PATH}`,
    headers: authorization ? { authorization } : {},
  });

describe('the profile of the signed-in person', () => {
  it("shows the person's accounts, schools, masked e-mail and the sign-ins, never a password", async () => {
    const browser = createBrowser(t.app, t.config.oidc.issuer);
    const wrong = { email: FIXTURE.teacher.accounts[0]!, password: 'salah-sekali' };
    await expect(signIn(rp, t.config, browser, wrong)).rejects.toThrow();
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: PASSWORD,
    });
    await t.app.services.audit.flush();
    const reply = await profile(`Bearer ${tokens.access_token}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { data } = reply.json();
    expect(data).toMatchObject({
      name: FIXTURE.teacher.name,
      signedInAs: FIXTURE.teacher.accounts[0],
      accounts: [
        { email: FIXTURE.teacher.accounts[0], userType: 'ptk', schoolLevel: 'SD' },
        { email: FIXTURE.teacher.accounts[1], userType: 'ptk', schoolLevel: 'SMP' },
      ],
      personalEmail: 'd*****@example.com',
      office: null,
    });
    expect(data.schools.map((school: { npsn: string }) => school.npsn).sort()).toEqual(
      [FIXTURE.sd.npsn, FIXTURE.smp.npsn].sort(),
    );
    expect(data.activity.map((entry: { event: string }) => entry.event)).toEqual([
      'sign_in',
      'sign_in_failed',
    ]);
    expect(reply.body).not.toContain(PASSWORD);
  });

  it('answers 401 without a token, with a forged one, or with the ID token', async () => {
    expect((await profile()).statusCode).toBe(401);
    expect((await profile('Bearer abc.def.ghi')).statusCode).toBe(401);
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: PASSWORD,
    });
    // An ID token is for the web app, not the API: its audience is the client.
    expect((await profile(`Bearer ${tokens.id_token}`)).statusCode).toBe(401);
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) }),
    ).toString('base64url');
    expect((await profile(`Bearer ${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });
});

describe("the signed-in person's school admins", () => {
  it("names who runs each of a teacher's schools, and says whether the teacher does", async () => {
    const [newTeacher] = await t.database.db
      .select({ personId: people.id })
      .from(people)
      .where(eq(people.fullName, FIXTURE.newTeacher.name));
    await t.database.db
      .insert(schoolMemberships)
      .values({ personId: newTeacher!.personId, npsn: FIXTURE.sd.npsn, role: 'operator' });
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: PASSWORD,
    });
    const reply = await t.app.inject({
      method: 'GET',
      url: `/belajar-id${SCHOOL_ADMINS_PATH}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data.schools).toEqual(
      expect.arrayContaining([
        {
          npsn: FIXTURE.sd.npsn,
          name: FIXTURE.sd.name,
          isAdmin: false,
          admins: [{ name: FIXTURE.newTeacher.name, role: 'operator' }],
        },
        { npsn: FIXTURE.smp.npsn, name: FIXTURE.smp.name, isAdmin: false, admins: [] },
      ]),
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/belajar-id${SCHOOL_ADMINS_PATH}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
