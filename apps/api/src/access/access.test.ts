import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { STUDENT_REQUEST_PATH } from '@portal/contracts/school-admin';
import { CONSOLE_ROUTES } from '@portal/contracts/console';
import { STAFF_PASSKEY_ROUTES } from '@portal/contracts/passkeys';
import { PROFILE_PATH } from '@portal/contracts/profile';
import { auditEvents, staffAccounts } from '../db/schema';
import { STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@portal/contracts/staff';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import { staffAccessToken } from '../test-support/staff-sign-in';
import type { TestApp } from '../test-support/test-app';
import {
  declareAccess,
  declaredRoutes,
  publicAccess,
  registerAccess,
  type DeclaredRoute,
} from './access-scope';

let t: TestApp;
let teacher: string;
let staff: string;
let tokenRoutes: DeclaredRoute[];

beforeAll(async () => {
  let rp: client.Configuration;
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'off' }));
  // A teacher: a signed-in learning account that runs no school and is not staff.
  teacher = (
    await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: TEACHER_PASSWORD,
    })
  ).access_token;
  staff = await staffAccessToken(t, rp, `penjaga@${t.config.staffDomain}`);
  tokenRoutes = declaredRoutes(t.app).filter((route) => route.access !== 'public');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A path of the route with its parameters filled in (`:npsn` a school of the fixture). */
const pathOf = (url: string) =>
  url.replace(':npsn', FIXTURE.sd.npsn).replace(':key', 'LOGIN').replace(/:\w+/g, '1');

/** Bodies a client may send before it is known who calls: none, empty, broken, wrong fields. */
const BODIES = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'an empty body', headers: { 'content-type': 'application/json' }, payload: '' },
  { name: 'junk', headers: { 'content-type': 'application/json' }, payload: '{"npsn": [' },
  {
    name: 'wrong fields',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ junk: 'x'.repeat(300), npsn: 42 }),
  },
] as const;

const call = (route: DeclaredRoute, body: (typeof BODIES)[number], authorization?: string) =>
  t.app.inject({
    method: route.method,
    url: pathOf(route.url),
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });

/** What differs from the expected answer: the status, or the SPEC §8 error body's id. */
function mismatch(
  reply: Awaited<ReturnType<typeof call>>,
  status: number,
  id: string,
): string | null {
  if (reply.statusCode !== status) return `${reply.statusCode} instead of ${status}`;
  if (reply.body === '') return null; // HEAD answers carry no body.
  const body = ApiErrorBodySchema.safeParse(reply.json());
  if (!body.success) return 'no SPEC §8 error body';
  return body.data.error.id === id ? null : `${body.data.error.id} instead of ${id}`;
}

/** Each route's call whose answer is not the expected one, with what it answered instead. */
async function refusals(
  expected: (route: DeclaredRoute) => { token?: string; status: number; id: string } | null,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of tokenRoutes) {
    const expectation = expected(route);
    if (!expectation) continue;
    const authorization = expectation.token ? `Bearer ${expectation.token}` : undefined;
    for (const body of BODIES) {
      const reply = await call(route, body, authorization);
      const problem = mismatch(reply, expectation.status, expectation.id);
      if (problem) wrong.push(`${route.method} ${route.url} with ${body.name}: ${problem}`);
    }
  }
  return wrong;
}

describe("the app's route table", () => {
  it('declares an access for every route, and the token routes are the ones expected', () => {
    const all = declaredRoutes(t.app);
    expect(all.filter((route) => route.access === undefined)).toEqual([]);
    const accessOf = (path: string, method: string) =>
      all.find((route) => route.url === `/belajar-id${path}` && route.method === method)?.access;
    expect(accessOf(STUDENT_REQUEST_PATH, 'POST')).toBe('school-admin');
    expect(accessOf(CONSOLE_ROUTES.officeRequests, 'GET')).toBe('staff');
    expect(accessOf(CONSOLE_ROUTES.featureToggle, 'PUT')).toBe('staff');
    expect(accessOf(PROFILE_PATH, 'GET')).toBe('account');
    expect(tokenRoutes.length).toBeGreaterThan(20);
  });
});

describe('every token route', () => {
  it('refuses an anonymous call or a forged token with 401 before it reads the body', async () => {
    expect(await refusals(() => ({ status: 401, id: 'unauthorized' }))).toEqual([]);
    expect(await refusals(() => ({ token: 'a.b.c', status: 401, id: 'unauthorized' }))).toEqual([]);
  });

  it('refuses a learning account on a staff or school-admin route with 403', async () => {
    const wrong = await refusals((route) =>
      route.access === 'staff'
        ? { token: teacher, status: 403, id: 'forbidden' }
        : route.access === 'school-admin'
          ? { token: teacher, status: 403, id: 'not_school_admin' }
          : null,
    );
    expect(wrong).toEqual([]);
  });

  it("refuses a staff token where a learning account's is needed with 401", async () => {
    const wrong = await refusals((route) =>
      route.access === 'staff' ? null : { token: staff, status: 401, id: 'unauthorized' },
    );
    expect(wrong).toEqual([]);
  });

  it('lets the right kind of caller through to the body check, never to a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of tokenRoutes) {
      // The teacher runs no school: the school-admin routes are covered by their own suite.
      if (route.access === 'school-admin') continue;
      const token = route.access === 'staff' ? staff : teacher;
      const reply = await call(route, BODIES[2], `Bearer ${token}`);
      if (reply.statusCode >= 500 || [401, 403].includes(reply.statusCode)) {
        wrong.push(`${route.method} ${route.url}: ${reply.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('every staff route, for every role', () => {
  /** A token per role, and one of a member who holds none. */
  const tokens = new Map<StaffRole | 'none', string>();
  beforeAll(async () => {
    const rp = await discoverClient(t.app, t.config);
    for (const role of STAFF_ROLE_NAMES) {
      tokens.set(
        role,
        await staffAccessToken(t, rp, `peran.${role}@${t.config.staffDomain}`, [role]),
      );
    }
    tokens.set('none', await staffAccessToken(t, rp, `tanpa.peran@${t.config.staffDomain}`, []));
  }, 300_000);
  const staffRoutes = () => tokenRoutes.filter((route) => route.access === 'staff');
  const grants = (role: StaffRole | 'none', route: DeclaredRoute) =>
    route.staffSection === undefined ||
    (role !== 'none' && (STAFF_ROLES[role] as readonly string[]).includes(route.staffSection));

  it("names a console section on each, but those about one's own staff account", () => {
    // Who is signed in, and their own passkeys: every member, whatever their roles.
    const own = [
      CONSOLE_ROUTES.staffSelf,
      STAFF_PASSKEY_ROUTES.passkeys,
      STAFF_PASSKEY_ROUTES.registrationOptions,
      STAFF_PASSKEY_ROUTES.remove,
    ].map((path) => `/belajar-id${path}`);
    const unsectioned = staffRoutes().filter((route) => route.staffSection === undefined);
    expect(unsectioned.filter((route) => !own.includes(route.url))).toEqual([]);
    expect(new Set(unsectioned.map((route) => route.url))).toEqual(new Set(own));
  });

  it("lets a role's sections through to the body check and refuses the rest with 403", async () => {
    const wrong: string[] = [];
    for (const [role, token] of tokens) {
      for (const route of staffRoutes()) {
        const reply = await call(route, BODIES[2], `Bearer ${token}`);
        if (grants(role, route)) {
          if (reply.statusCode >= 500 || [401, 403].includes(reply.statusCode)) {
            wrong.push(`${role}: ${route.method} ${route.url}: ${reply.statusCode}`);
          }
        } else {
          const problem = mismatch(reply, 403, 'staff_role_missing');
          if (problem) wrong.push(`${role}: ${route.method} ${route.url}: ${problem}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('audits a refusal, and reads the roles again at every call', async () => {
    const email = `berganti.peran@${t.config.staffDomain}`;
    const token = await staffAccessToken(t, await discoverClient(t.app, t.config), email, [
      'operator',
    ]);
    const toggles = { method: 'GET', url: `/belajar-id${CONSOLE_ROUTES.featureToggles}` } as const;
    const self = { method: 'GET', url: `/belajar-id${CONSOLE_ROUTES.staffSelf}` } as const;
    const authorization = `Bearer ${token}`;
    expect((await t.app.inject({ ...toggles, headers: { authorization } })).statusCode).toBe(200);
    expect((await t.app.inject({ ...self, headers: { authorization } })).json()).toEqual({
      data: { email, roles: ['operator'], sections: ['toggles'] },
    });

    await t.database.db
      .update(staffAccounts)
      .set({ roles: ['analyst'] })
      .where(eq(staffAccounts.email, email));
    const refused = await t.app.inject({ ...toggles, headers: { authorization } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.id).toBe('staff_role_missing');
    expect(
      (await t.app.inject({ ...self, headers: { authorization } })).json().data.sections,
    ).toEqual(['statistics']);
    await t.app.services.audit.flush();
    const [staffRow] = await t.database.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    const audited = await t.database.db
      .select({ outcome: auditEvents.outcome, targetHash: auditEvents.targetHash })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'console.access'),
          eq(auditEvents.actor, `staff:${staffRow!.id}`),
        ),
      );
    expect(audited).toEqual([
      { outcome: 'role_missing', targetHash: t.app.services.audit.hash('toggles') },
    ]);
  });
});

describe('a route scope that declares no access', () => {
  it('keeps the app from starting', async () => {
    const app = Fastify();
    registerAccess(app);
    await app.register(async (scope) => {
      declareAccess(scope, publicAccess);
      scope.get('/open', async () => 'ok');
    });
    await app.register(async (scope) => {
      scope.get('/forgotten', async () => 'secret');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten/);
  });

  it('may not declare on the route by hand, nor a second time inside a declared scope', async () => {
    const byHand = Fastify();
    registerAccess(byHand);
    await expect(
      byHand.register(async (scope) => {
        scope.get('/by-hand', { config: { access: 'public' } }, async () => 'ok');
      }),
    ).rejects.toThrow(/not in its config/);
    const twice = Fastify();
    registerAccess(twice);
    await expect(
      twice.register(async (outer) => {
        declareAccess(outer, { kind: 'staff' });
        await outer.register(async (inner) => {
          declareAccess(inner, publicAccess);
          inner.get('/twice', async () => 'ok');
        });
      }),
    ).rejects.toThrow(/declared its access already/);
  });
});
