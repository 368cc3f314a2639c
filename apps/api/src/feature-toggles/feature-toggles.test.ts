import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOTE_TOGGLES, RemoteConfigSchema } from '@portal/contracts/feature-toggles';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createFeatureTogglesService } from './feature-toggles-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('remote configuration', () => {
  it('serves every toggle and text setting with defaults on a fresh database', async () => {
    const reply = await t.app.inject('/belajar-id/remote-config/v1/config');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const config = RemoteConfigSchema.parse(reply.json());
    expect(config.toggles).toEqual(DEFAULT_REMOTE_TOGGLES);
    expect(config.settings).toEqual({
      ANNOUNCEMENT_MESSAGE: '',
      ANNOUNCEMENT_START_DATE: '',
      ANNOUNCEMENT_END_DATE: '',
    });
  });

  it('serves what staff set, from the database, to every instance within the cache time', async () => {
    let clock = Date.now();
    const writer = createFeatureTogglesService({
      db: t.database.db,
      audit: t.app.services.audit,
      now: () => clock,
    });
    const otherInstance = createFeatureTogglesService({
      db: t.database.db,
      audit: t.app.services.audit,
      now: () => clock,
    });
    expect(await otherInstance.isEnabled('ACCOUNT_CREATION')).toBe(true);

    await writer.setToggle('ACCOUNT_CREATION', false);
    await writer.setSetting('ANNOUNCEMENT_MESSAGE', 'Layanan bantuan libur nasional');
    expect(await writer.isEnabled('ACCOUNT_CREATION')).toBe(false);

    clock += 10_000;
    const seen = await otherInstance.remoteConfig();
    expect(seen.toggles.ACCOUNT_CREATION).toBe(false);
    expect(seen.settings.ANNOUNCEMENT_MESSAGE).toBe('Layanan bantuan libur nasional');

    await writer.setToggle('ACCOUNT_CREATION', true);
    expect(await writer.isEnabled('ACCOUNT_CREATION')).toBe(true);
  });
});
