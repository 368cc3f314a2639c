import { and, desc, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from '@portal/contracts/console';
import { STAFF_ROUTES, type StaffMember, type StaffRole } from '@portal/contracts/staff';
import { auditEvents, learningAccounts, outboxMessages, staffAccounts } from '../db/schema';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { discoverClient } from '../test-support/platform-sign-in';
import { staffAccessToken, staffSignInEnrolling } from '../test-support/staff-sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let rp: client.Configuration;
let admin: string;
let adminId: number;
const PREFIX = '/belajar-id';
const at = (route: string, id?: number) => `${PREFIX}${route.replace(':id', String(id))}`;
const address = (local: string) => `${local}@${t.config.staffDomain}`;

beforeAll(async () => {
  t = await createTestApp({ BOT_CHECK: 'off' });
  rp = await discoverClient(t.app, t.config);
  admin = await staffAccessToken(t, rp, address('admin.staf'), ['staff-admin']);
  adminId = (await staffRow(address('admin.staf'))).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function staffRow(email: string) {
  const [row] = await t.database.db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  if (!row) throw new Error(`no staff account ${email}`);
  return row;
}

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** The newest message of a template to an address. */
async function lastMail(to: string, template: string) {
  const [message] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, template)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return message;
}

/** The invitation link's token, from the newest invitation mailed to the address. */
async function invitationToken(email: string): Promise<string> {
  const message = await lastMail(email, 'staff-invitation');
  const token = /#t=([\w-]+)/.exec(message?.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const accept = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: at(STAFF_ROUTES.acceptInvitation),
    payload: { token, password },
  });

/** Invites an address with roles, accepts the link and signs in: the member's tokens. */
async function invitedMember(local: string, roles: StaffRole[]) {
  const email = address(local);
  const invited = await api(admin, 'POST', at(STAFF_ROUTES.list), { email, roles });
  expect(invited.statusCode).toBe(201);
  const password = `Rendang ${local} pedas 9`;
  expect((await accept(await invitationToken(email), password)).statusCode).toBe(200);
  const member = invited.json().data as StaffMember;
  return {
    id: Number(member.id),
    email,
    tokens: await staffSignInEnrolling(t, rp, { email, password }),
  };
}

/** The newest audit entry of an action. */
async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('an invitation', () => {
  it('creates the account with its roles, mails a link, and the link sets the password once', async () => {
    const email = address('rina.peninjau');
    const invited = await api(admin, 'POST', at(STAFF_ROUTES.list), {
      email: ` ${email.toUpperCase()} `,
      roles: ['reviewer'],
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({
      email,
      roles: ['reviewer'],
      status: 'invited',
      secondFactor: false,
      lastSignInAt: null,
    });
    const audited = await lastAudit('staff.invite');
    expect(audited).toMatchObject({
      actor: `staff:${adminId}`,
      targetHash: t.app.services.audit.hash(email),
      changes: { before: null, after: { roles: ['reviewer'], status: 'invited' } },
    });

    const token = await invitationToken(email);
    const common = await accept(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.id).toBe('reset_password_common');
    expect((await accept(token, 'Soto betawi kuah santan 3')).json()).toEqual({ data: { email } });
    const again = await accept(token, 'Soto betawi kuah santan 4');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.id).toBe('staff_invitation_invalid');

    // The password works, and the sign-in enrols the second factor.
    const tokens = await staffSignInEnrolling(t, rp, {
      email,
      password: 'Soto betawi kuah santan 3',
    });
    const self = await api(tokens.access_token, 'GET', at(CONSOLE_ROUTES.staffSelf));
    expect(self.json().data).toEqual({ email, roles: ['reviewer'], sections: ['office-requests'] });
    const list = await api(admin, 'GET', at(STAFF_ROUTES.list));
    const listed = (list.json().data.items as StaffMember[]).find((m) => m.email === email);
    expect(listed).toMatchObject({ status: 'active', secondFactor: true });
    expect(listed?.lastSignInAt).not.toBeNull();
  }, 60_000);

  it('expires, and a new link replaces the old one', async () => {
    const email = address('budi.terlambat');
    const invited = await api(admin, 'POST', at(STAFF_ROUTES.list), { email, roles: [] });
    const id = Number(invited.json().data.id);
    const first = await invitationToken(email);
    await t.database.db
      .update(staffAccounts)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffAccounts.id, id));
    expect((await accept(first, 'Gudeg Jogja manis sekali 1')).json().error.id).toBe(
      'staff_invitation_invalid',
    );
    expect((await api(admin, 'POST', at(STAFF_ROUTES.invitation, id))).statusCode).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect((await accept(first, 'Gudeg Jogja manis sekali 1')).statusCode).toBe(400);
    expect((await accept(second, 'Gudeg Jogja manis sekali 1')).statusCode).toBe(200);
    const resent = await api(admin, 'POST', at(STAFF_ROUTES.invitation, id));
    expect(resent.json().error.id).toBe('staff_not_invited');
  });

  it('refuses an address outside the staff domain, one that exists, and an unknown role', async () => {
    const outside = await api(admin, 'POST', at(STAFF_ROUTES.list), {
      email: 'rina@example.com',
      roles: [],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].message).toBe('Gunakan alamat email staf kementerian.');
    const taken = await api(admin, 'POST', at(STAFF_ROUTES.list), {
      email: address('admin.staf'),
      roles: [],
    });
    expect(taken.json().error.id).toBe('staff_exists');
    const unknown = await api(admin, 'POST', at(STAFF_ROUTES.list), {
      email: address('siapa'),
      roles: ['superuser'],
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("a member's roles", () => {
  it('change from the next call, are mailed and audited with before and after', async () => {
    const member = await invitedMember('sari.operator', ['operator']);
    const toggles = () => api(member.tokens.access_token, 'GET', at(CONSOLE_ROUTES.featureToggles));
    expect((await toggles()).statusCode).toBe(200);

    const changed = await api(admin, 'PUT', at(STAFF_ROUTES.roles, member.id), {
      roles: ['analyst', 'announcer'],
    });
    expect(changed.json().data.roles).toEqual(['announcer', 'analyst']);
    expect((await toggles()).json().error.id).toBe('staff_role_missing');
    expect((await lastMail(member.email, 'staff-roles-changed'))?.bodyText).toContain(
      'penulis pengumuman, analis statistik',
    );
    expect((await lastAudit('staff.roles'))?.changes).toEqual({
      before: { roles: ['operator'], status: 'active', secondFactor: true },
      after: { roles: ['announcer', 'analyst'], status: 'active', secondFactor: true },
    });
  }, 60_000);

  it('are never changed by their holder, nor are they disabled or reset by them', async () => {
    for (const [method, route] of [
      ['PUT', STAFF_ROUTES.roles],
      ['POST', STAFF_ROUTES.disable],
      ['POST', STAFF_ROUTES.resetSecondFactor],
    ] as const) {
      const own = await api(
        admin,
        method,
        at(route, adminId),
        method === 'PUT' ? { roles: [] } : undefined,
      );
      expect(own.statusCode).toBe(403);
      expect(own.json().error.id).toBe('staff_self_change');
    }
    expect((await staffRow(address('admin.staf'))).roles).toEqual(['staff-admin']);
  });

  it('keep one active staff admin when two withdraw each other at once', async () => {
    const other = await invitedMember('dodi.admin', ['staff-admin']);
    const service = t.app.services.staff;
    const results = await Promise.allSettled([
      service.setRoles({ staffId: adminId, roles: ['staff-admin'] }, other.id, [], '127.0.0.1'),
      service.setRoles({ staffId: other.id, roles: ['staff-admin'] }, adminId, [], '127.0.0.1'),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ id: 'staff_last_admin' });
    const admins = await t.database.db
      .select({ roles: staffAccounts.roles })
      .from(staffAccounts)
      .where(eq(staffAccounts.status, 'active'));
    expect(admins.filter((row) => row.roles.includes('staff-admin'))).toHaveLength(1);
    // Whichever kept the role, the first admin has it back for the tests after this one.
    await t.database.db
      .update(staffAccounts)
      .set({ roles: ['staff-admin'] })
      .where(eq(staffAccounts.id, adminId));
  }, 60_000);
});

describe('disabling a member', () => {
  it('ends their sessions and refresh tokens at once, and enabling lets them sign in again', async () => {
    const member = await invitedMember('wati.analis', ['analyst']);
    const disabled = await api(admin, 'POST', at(STAFF_ROUTES.disable, member.id));
    expect(disabled.json().data.status).toBe('disabled');
    const call = await api(member.tokens.access_token, 'GET', at(CONSOLE_ROUTES.staffSelf));
    expect(call.statusCode).toBe(401);
    await expect(
      client.refreshTokenGrant(rp, member.tokens.refresh_token!, {
        resource: t.config.oidc.audience,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await lastMail(member.email, 'staff-disabled')).toBeDefined();
    expect((await lastAudit('staff.disable'))?.changes).toMatchObject({
      before: { status: 'active' },
      after: { status: 'disabled' },
    });

    const enabled = await api(admin, 'POST', at(STAFF_ROUTES.enable, member.id));
    expect(enabled.json().data.status).toBe('active');
    // Tokens from before the disable stay ended once the member is enabled again.
    expect(
      (await api(member.tokens.access_token, 'GET', at(CONSOLE_ROUTES.staffSelf))).statusCode,
    ).toBe(401);
    expect(await lastMail(member.email, 'staff-enabled')).toBeDefined();
  }, 60_000);
});

describe("resetting a member's second factor", () => {
  it('ends their sessions and makes the next sign-in enrol an app again', async () => {
    const member = await invitedMember('joko.registri', ['registrar']);
    const reset = await api(admin, 'POST', at(STAFF_ROUTES.resetSecondFactor, member.id));
    expect(reset.json().data.secondFactor).toBe(false);
    expect(
      (await api(member.tokens.access_token, 'GET', at(CONSOLE_ROUTES.staffSelf))).statusCode,
    ).toBe(401);
    const again = await staffSignInEnrolling(t, rp, {
      email: member.email,
      password: 'Rendang joko.registri pedas 9',
    });
    expect((await api(again.access_token, 'GET', at(CONSOLE_ROUTES.staffSelf))).statusCode).toBe(
      200,
    );
    expect(await lastMail(member.email, 'staff-second-factor-reset')).toBeDefined();
  }, 60_000);
});

describe('the audit trail', () => {
  it("shows a member's actions with before and after, to auditors, and exports them", async () => {
    const auditor = await invitedMember('ani.auditor', ['auditor']);
    const token = auditor.tokens.access_token;
    const page = await api(
      token,
      'GET',
      `${at(STAFF_ROUTES.audit)}?actor=${encodeURIComponent(address('admin.staf'))}&action=staff.roles`,
    );
    expect(page.statusCode).toBe(200);
    const { items, total } = page.json().data;
    expect(total).toBeGreaterThan(0);
    expect(items).toContainEqual(
      expect.objectContaining({
        actor: address('admin.staf'),
        action: 'staff.roles',
        before: expect.objectContaining({ roles: ['operator'] }),
        after: expect.objectContaining({ roles: ['announcer', 'analyst'] }),
      }),
    );
    const unknown = await api(
      token,
      'GET',
      `${at(STAFF_ROUTES.audit)}?actor=${address('tidak.ada')}`,
    );
    expect(unknown.json().data).toMatchObject({ items: [], total: 0 });
    // Each read is audited: who read, and the filter by staff id, never an address in clear.
    await t.app.services.audit.flush();
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'audit.read'))
      .orderBy(auditEvents.id);
    expect(reads.map(({ actor, outcome, changes }) => ({ actor, outcome, changes }))).toEqual([
      {
        actor: `staff:${auditor.id}`,
        outcome: 'done',
        changes: {
          before: null,
          after: { filter: { actor: `staff:${adminId}`, action: 'staff.roles' }, page: 1 },
        },
      },
      {
        actor: `staff:${auditor.id}`,
        outcome: 'done',
        changes: { before: null, after: { filter: { actor: 'not-staff' }, page: 1 } },
      },
    ]);
    // The address that named no one is kept as the audit's keyed hash only.
    expect(reads[1]!.targetHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(reads)).not.toContain('@');

    const csv = await api(token, 'GET', `${at(STAFF_ROUTES.auditCsv)}?action=staff.invite`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('waktu (WIB),pelaku,tindakan,hasil,sebelum,sesudah');
    expect(lines.slice(1).every((line) => line.includes('staff.invite'))).toBe(true);
    // Each time says its zone: Jakarta's, as the console shows it.
    expect(
      lines.slice(1).every((line) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00,/.test(line)),
    ).toBe(true);
    await t.app.services.audit.flush();
    expect(await lastAudit('audit.export')).toMatchObject({
      actor: `staff:${auditor.id}`,
      changes: { before: null, after: { filter: { action: 'staff.invite' } } },
    });

    // An account holder's own action (a passkey) names them by their address, not their id.
    await loadRegistryFixture(t.database);
    const teacher = FIXTURE.teacher.accounts[0]!;
    const [account] = await t.database.db
      .select({ id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, teacher));
    await t.database.db
      .insert(auditEvents)
      .values({ action: 'passkey-add', outcome: 'added', actor: String(account!.id) });
    const own = await api(token, 'GET', `${at(STAFF_ROUTES.audit)}?action=passkey-add`);
    expect(own.json().data.items).toContainEqual(
      expect.objectContaining({ actor: teacher, action: 'passkey-add' }),
    );

    // An auditor reads; the staff section is a staff admin's.
    expect((await api(token, 'GET', at(STAFF_ROUTES.list))).json().error.id).toBe(
      'staff_role_missing',
    );
  }, 60_000);
});
