import {
  DEFAULT_REMOTE_TOGGLES,
  FEATURE_TOGGLE_KEYS,
  TEXT_SETTING_KEYS,
  type FeatureToggleKey,
  type RemoteConfig,
  type TextSettingKey,
} from '@portal/contracts/feature-toggles';
import type { Db } from '../db/database';
import { createFeatureTogglesRepository } from './feature-toggles-repository';

// Every visitor fetches the configuration at every start: a short cache keeps that off the
// database, and is short enough that every instance agrees within seconds of a change.
const CACHE_MS = 5_000;

export function createFeatureTogglesService(db: Db, now: () => number = Date.now) {
  const repository = createFeatureTogglesRepository(db);
  let cached: { value: RemoteConfig; until: number } | undefined;

  async function load(): Promise<RemoteConfig> {
    const rows = new Map((await repository.all()).map((row) => [row.key, row]));
    const toggles = Object.fromEntries(
      FEATURE_TOGGLE_KEYS.map((key) => [
        key,
        rows.get(key)?.enabled ?? DEFAULT_REMOTE_TOGGLES[key],
      ]),
    ) as Record<FeatureToggleKey, boolean>;
    const settings = Object.fromEntries(
      TEXT_SETTING_KEYS.map((key) => [key, rows.get(key)?.textValue ?? '']),
    ) as Record<TextSettingKey, string>;
    return { toggles, settings, fetchedAt: new Date(now()).toISOString() };
  }

  return {
    /** The remote configuration of SPEC §3: every toggle and text setting, defaults filled in. */
    async remoteConfig(): Promise<RemoteConfig> {
      if (cached && cached.until > now()) return cached.value;
      const value = await load();
      cached = { value, until: now() + CACHE_MS };
      return value;
    },
    async isEnabled(key: FeatureToggleKey): Promise<boolean> {
      return (await this.remoteConfig()).toggles[key];
    },
    async setToggle(key: FeatureToggleKey, enabled: boolean): Promise<void> {
      await repository.upsert({ key, enabled, textValue: null });
      cached = undefined;
    },
    async setSetting(key: TextSettingKey, value: string): Promise<void> {
      await repository.upsert({ key, enabled: null, textValue: value });
      cached = undefined;
    },
  };
}
export type FeatureTogglesService = ReturnType<typeof createFeatureTogglesService>;
