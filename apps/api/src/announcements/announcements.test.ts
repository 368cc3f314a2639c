import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_ROUTES } from '@portal/contracts/announcements';
import { consolePath } from '@portal/contracts/console';
import { STAFF_ROUTES } from '@portal/contracts/staff';
import { announcements, auditEvents } from '../db/schema';
import { discoverClient } from '../test-support/platform-sign-in';
import { staffAccessToken } from '../test-support/staff-sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

const api = '/belajar-id';
const HOUR = 3_600_000;
let t: TestApp;
let staff: string;

const asStaff = () => ({ authorization: `Bearer ${staff}` });
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function create(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `${api}${ANNOUNCEMENT_ROUTES.all}`,
    headers: asStaff(),
    payload,
  });
}

async function created(payload: Record<string, unknown>): Promise<string> {
  const reply = await create(payload);
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: { id: string } }).data.id;
}

const post = (route: string, id: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${api}${consolePath(route, id)}`,
    headers: asStaff(),
    ...(payload ? { payload } : {}),
  });

async function showing(): Promise<{ id: string; description: string }[]> {
  const reply = await t.app.inject({ url: `${api}${ANNOUNCEMENT_ROUTES.public}` });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as { data: { id: string; description: string }[] }).data;
}

beforeAll(async () => {
  t = await createTestApp();
  const rp = await discoverClient(t.app, t.config);
  staff = await staffAccessToken(t, rp, `pengumuman@${t.config.staffDomain}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('announcements', () => {
  it('are written by staff only', async () => {
    const list = `${api}${ANNOUNCEMENT_ROUTES.all}`;
    expect((await t.app.inject({ url: list })).statusCode).toBe(401);
    const forged = { authorization: 'Bearer a.b.c' };
    expect((await t.app.inject({ url: list, headers: forged })).statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: list,
      headers: forged,
      payload: { description: 'Halo' },
    });
    expect(write.statusCode).toBe(401);
    const reply = await t.app.inject({ url: list, headers: asStaff() });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('start inactive, show once activated, and each change is audited as the staff member', async () => {
    const text = 'Pusat Bantuan **libur** pada 17 Agustus. [Info](https://example.org/libur)';
    const id = await created({ description: text });
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, Number(id)));
    expect(row).toMatchObject({ description: text, isActive: false, startsAt: null });
    expect((await showing()).map((item) => item.id)).not.toContain(id);

    const activated = await post(ANNOUNCEMENT_ROUTES.activate, id);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({ id, isActive: true, state: 'active' });
    const reply = await t.app.inject({ url: `${api}${ANNOUNCEMENT_ROUTES.public}` });
    expect(reply.headers['cache-control']).toBe('public, max-age=60');
    expect(reply.json().data[0]).toEqual({
      id,
      description: text,
      is_active: true,
      start_at: null,
      end_at: null,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });

    const audited = await t.database.db
      .select({ outcome: auditEvents.outcome, actor: auditEvents.actor })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'announcement'),
          eq(auditEvents.targetHash, t.app.services.audit.hash(id)),
        ),
      );
    expect(audited.map((entry) => entry.outcome).sort()).toEqual(['activated', 'created']);
    expect(audited.every((entry) => /^staff:\d+$/.test(entry.actor ?? ''))).toBe(true);

    expect((await post(ANNOUNCEMENT_ROUTES.deactivate, id)).json().data.state).toBe('inactive');
    expect((await showing()).map((item) => item.id)).not.toContain(id);
  });

  it("keep the old and the new text in the audit trail, for the console's audit section", async () => {
    const id = await created({ description: 'Libur 17 Agustus.' });
    const updated = await t.app.inject({
      method: 'POST',
      url: `${api}${consolePath(ANNOUNCEMENT_ROUTES.one, id)}`,
      headers: asStaff(),
      payload: { description: 'Libur 17 dan 18 Agustus.' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const trail = await t.app.inject({
      url: `${api}${STAFF_ROUTES.audit}?action=announcement`,
      headers: asStaff(),
    });
    const entry = (
      trail.json().data.items as { outcome: string; before: unknown; after: unknown }[]
    ).find((item) => item.outcome === 'updated');
    expect(entry).toMatchObject({
      before: { id, description: 'Libur 17 Agustus.', isActive: false },
      after: { id, description: 'Libur 17 dan 18 Agustus.', isActive: false },
    });
  });

  it('are shown only inside their schedule, newest change first', async () => {
    const later = await created({ description: 'Nanti', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const past = await created({ description: 'Lalu', startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    const open = await created({ description: 'Sekarang', startsAt: at(-HOUR) });
    const older = await created({ description: 'Tanpa jadwal', endsAt: at(HOUR) });
    for (const id of [later, past, older, open]) {
      await post(ANNOUNCEMENT_ROUTES.activate, id);
    }
    const list = await t.app.inject({
      url: `${api}${ANNOUNCEMENT_ROUTES.all}`,
      headers: asStaff(),
    });
    const states = Object.fromEntries(
      (list.json().data.items as { id: string; state: string }[]).map((item) => [
        item.id,
        item.state,
      ]),
    );
    expect(states).toMatchObject({
      [later]: 'scheduled',
      [past]: 'ended',
      [open]: 'active',
      [older]: 'active',
    });
    expect((await showing()).map((item) => item.id)).toEqual([open, older]);

    // A change to the text and schedule brings it to the front; moving its start ahead hides it.
    const edited = await post(ANNOUNCEMENT_ROUTES.one, older, {
      description: 'Tanpa jadwal, diperbarui',
      startsAt: null,
      endsAt: at(HOUR),
    });
    expect(edited.statusCode).toBe(200);
    expect((await showing()).map((item) => item.id)).toEqual([older, open]);
    await post(ANNOUNCEMENT_ROUTES.one, older, { description: 'Besok', startsAt: at(HOUR) });
    expect((await showing()).map((item) => item.id)).toEqual([open]);
    for (const id of [later, past, older, open]) {
      await post(ANNOUNCEMENT_ROUTES.deactivate, id);
    }
  });

  it('answer an empty list while API_ANNOUNCEMENT is off', async () => {
    const id = await created({ description: 'Saat toggle mati' });
    await post(ANNOUNCEMENT_ROUTES.activate, id);
    expect((await showing()).map((item) => item.id)).toEqual([id]);
    await t.app.services.featureToggles.setToggle('API_ANNOUNCEMENT', false);
    expect(await showing()).toEqual([]);
    await t.app.services.featureToggles.setToggle('API_ANNOUNCEMENT', true);
    expect((await showing()).map((item) => item.id)).toEqual([id]);
    await post(ANNOUNCEMENT_ROUTES.deactivate, id);
  });

  it('refuse bad input in Indonesian with 400 or 404, writing nothing', async () => {
    const before = await t.database.db.$count(announcements);
    const auditBefore = await t.database.db.$count(
      auditEvents,
      eq(auditEvents.action, 'announcement'),
    );
    const cases: [Record<string, unknown>, string][] = [
      [{}, ANNOUNCEMENT_MESSAGES.descriptionRequired],
      [{ description: '   ' }, ANNOUNCEMENT_MESSAGES.descriptionRequired],
      [{ description: 'x'.repeat(2001) }, ANNOUNCEMENT_MESSAGES.descriptionTooLong],
      [{ description: 'Halo', startsAt: '31-12-2026' }, ANNOUNCEMENT_MESSAGES.timeInvalid],
      [
        { description: 'Halo', startsAt: at(2 * HOUR), endsAt: at(HOUR) },
        ANNOUNCEMENT_MESSAGES.endBeforeStart,
      ],
      [
        {
          description: 'Halo',
          startsAt: '2026-12-01T08:00:00+07:00',
          endsAt: '2026-12-01T01:00:00Z',
        },
        ANNOUNCEMENT_MESSAGES.endBeforeStart,
      ],
    ];
    for (const [payload, message] of cases) {
      const reply = await create(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    const id = await created({ description: 'Untuk diubah' });
    const wrongOrder = await post(ANNOUNCEMENT_ROUTES.one, id, {
      description: 'Untuk diubah',
      startsAt: at(HOUR),
      endsAt: at(-HOUR),
    });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().errors[0]).toEqual({
      field: 'endsAt',
      message: ANNOUNCEMENT_MESSAGES.endBeforeStart,
    });

    const missing = await post(ANNOUNCEMENT_ROUTES.activate, '999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      id: 'announcement_not_found',
      message: ANNOUNCEMENT_MESSAGES.notFound,
    });
    expect((await post(ANNOUNCEMENT_ROUTES.one, '999999', { description: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post(ANNOUNCEMENT_ROUTES.activate, 'abc')).statusCode).toBe(400);

    // Only the one announcement made above, with its one audit entry.
    expect(await t.database.db.$count(announcements)).toBe(before + 1);
    expect(await t.database.db.$count(auditEvents, eq(auditEvents.action, 'announcement'))).toBe(
      auditBefore + 1,
    );
  });
});
