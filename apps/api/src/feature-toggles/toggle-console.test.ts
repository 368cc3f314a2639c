import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES, CONSOLE_ROUTES, ToggleOverviewSchema } from '@portal/contracts/console';
import { DEFAULT_REMOTE_TOGGLES } from '@portal/contracts/feature-toggles';
import { SIGN_IN_MESSAGES } from '@portal/contracts/sign-in';
import { featureToggleChanges } from '../db/schema';
import { createBrowser, postPassword, signIn, startSignIn } from '../test-support/platform-sign-in';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import { STAFF_ROUTES } from '@portal/contracts/staff';
import { staffAccessToken } from '../test-support/staff-sign-in';
import type { TestApp } from '../test-support/test-app';

const api = '/belajar-id';
let t: TestApp;
let rp: client.Configuration;
let staff: string;
let staffEmail: string;

const teacher = { email: FIXTURE.teacher.accounts[0]!, password: TEACHER_PASSWORD };
const overview = (token = staff) =>
  t.app.inject({
    url: `${api}${CONSOLE_ROUTES.featureToggles}`,
    headers: { authorization: `Bearer ${token}` },
  });
const change = (key: string, body: object, token = staff) =>
  t.app.inject({
    method: 'PUT',
    url: `${api}${CONSOLE_ROUTES.featureToggle.replace(':key', key)}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
const changeRows = () => t.database.db.select().from(featureToggleChanges);

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'off' }));
  staffEmail = `pengelola@${t.config.staffDomain}`;
  staff = await staffAccessToken(t, rp, staffEmail);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('toggles in the console', () => {
  it('lists every toggle and text setting with its default, to staff only', async () => {
    const reply = await overview();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { data } = reply.json() as { data: unknown };
    const parsed = ToggleOverviewSchema.parse(data);
    expect(Object.fromEntries(parsed.toggles.map((row) => [row.key, row.enabled]))).toEqual(
      DEFAULT_REMOTE_TOGGLES,
    );
    expect(parsed.settings.map((row) => row.key)).toEqual([
      'ANNOUNCEMENT_MESSAGE',
      'ANNOUNCEMENT_START_DATE',
      'ANNOUNCEMENT_END_DATE',
    ]);

    expect((await t.app.inject(`${api}${CONSOLE_ROUTES.featureToggles}`)).statusCode).toBe(401);
    const teacherToken = (
      await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), teacher)
    ).access_token;
    expect((await overview(teacherToken)).statusCode).toBe(403);
    expect((await change('LOGIN', { value: false, previous: true }, teacherToken)).statusCode).toBe(
      403,
    );
  });

  it('records who changed what, from what to what, and serves it at once', async () => {
    const reply = await change('API_PLATFORM', { value: false, previous: true });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json() as { data: ReturnType<typeof ToggleOverviewSchema.parse> };
    expect(data.toggles.find((row) => row.key === 'API_PLATFORM')?.enabled).toBe(false);
    expect(data.changes[0]).toMatchObject({
      key: 'API_PLATFORM',
      oldValue: 'on',
      newValue: 'off',
      actor: staffEmail,
    });
    const config = (await t.app.inject(`${api}/remote-config/v1/config`)).json() as {
      toggles: Record<string, boolean>;
    };
    expect(config.toggles.API_PLATFORM).toBe(false);

    const [row] = (await changeRows()).filter((entry) => entry.key === 'API_PLATFORM');
    expect(row?.actor).toMatch(/^staff:\d+$/);
    // The audit trail keeps it too, with its before and after.
    const trail = await t.app.inject({
      url: `${api}${STAFF_ROUTES.audit}?action=toggle`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(trail.json().data.items[0]).toMatchObject({
      actor: staffEmail,
      before: { key: 'API_PLATFORM', value: true },
      after: { key: 'API_PLATFORM', value: false },
    });
    expect(Date.now() - row!.changedAt.getTime()).toBeLessThan(60_000);

    // The same value again changes and records nothing.
    const before = (await changeRows()).length;
    expect((await change('API_PLATFORM', { value: false, previous: false })).statusCode).toBe(200);
    expect((await changeRows()).length).toBe(before);
    expect((await change('API_PLATFORM', { value: true, previous: false })).statusCode).toBe(200);
  });

  it('does not overwrite a change made meanwhile by someone else', async () => {
    await t.app.services.featureToggles.change('ACCOUNT_CREATION', false, 'cli:operator');
    const before = (await changeRows()).length;
    const reply = await change('ACCOUNT_CREATION', { value: false, previous: true });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      message: CONSOLE_MESSAGES.toggleChangedMeanwhile,
      error: { id: 'toggle_changed_meanwhile' },
    });
    expect((await changeRows()).length).toBe(before);
    // The command line's change shows with its operator.
    const { data } = (await overview()).json() as {
      data: ReturnType<typeof ToggleOverviewSchema.parse>;
    };
    expect(data.changes[0]).toMatchObject({ key: 'ACCOUNT_CREATION', actor: 'cli:operator' });
    await t.app.services.featureToggles.change('ACCOUNT_CREATION', true, 'cli:operator');
  });

  it('keeps text settings as typed and dates in their format, with Indonesian messages', async () => {
    const message = 'Layanan bantuan **libur** 25 Desember';
    const saved = await change('ANNOUNCEMENT_MESSAGE', { value: message, previous: '' });
    expect(saved.statusCode).toBe(200);
    const dated = await change('ANNOUNCEMENT_END_DATE', { value: ' 2026-12-26 ', previous: '' });
    expect(dated.statusCode).toBe(200);
    const config = (await t.app.inject(`${api}/remote-config/v1/config`)).json() as {
      settings: Record<string, string>;
    };
    expect(config.settings).toMatchObject({
      ANNOUNCEMENT_MESSAGE: message,
      ANNOUNCEMENT_END_DATE: '2026-12-26',
    });

    const refusals: [string, object, string][] = [
      ['LOGIN', { value: 'off', previous: true }, CONSOLE_MESSAGES.toggleTakesOnOff],
      [
        'ANNOUNCEMENT_MESSAGE',
        { value: true, previous: message },
        CONSOLE_MESSAGES.settingTakesText,
      ],
      [
        'ANNOUNCEMENT_START_DATE',
        { value: '26/12/2026', previous: '' },
        CONSOLE_MESSAGES.settingDateInvalid,
      ],
      [
        'ANNOUNCEMENT_START_DATE',
        { value: '2026-13-45', previous: '' },
        CONSOLE_MESSAGES.settingDateInvalid,
      ],
      [
        'ANNOUNCEMENT_MESSAGE',
        { value: 'x'.repeat(501), previous: message },
        CONSOLE_MESSAGES.settingTooLong,
      ],
    ];
    for (const [key, body, text] of refusals) {
      const reply = await change(key, body);
      expect(reply.statusCode, `${key} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(JSON.stringify(reply.json())).toContain(text);
    }
    expect((await change('NOT_A_TOGGLE', { value: true, previous: false })).statusCode).toBe(400);
    expect((await change('LOGIN', { value: false })).statusCode).toBe(400);
  });
});

describe('the LOGIN toggle', () => {
  it('off: a learning account cannot sign in, staff still can; on: both can', async () => {
    await t.app.services.featureToggles.change('LOGIN', false, 'cli:operator');
    try {
      const browser = createBrowser(t.app, t.config.oidc.issuer);
      const started = await startSignIn(rp, t.config, browser);
      const refused = await postPassword(browser, t.config, started.uid, teacher);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: SIGN_IN_MESSAGES.loginOff,
        error: { id: 'login_off' },
      });
      // Staff sign in to switch it back on.
      expect(await staffAccessToken(t, rp, `kedua@${t.config.staffDomain}`)).toBeTruthy();
    } finally {
      await t.app.services.featureToggles.change('LOGIN', true, 'cli:operator');
    }
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), teacher);
    expect(tokens.access_token).toBeTruthy();
  });
});
