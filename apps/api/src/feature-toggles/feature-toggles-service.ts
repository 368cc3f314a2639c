import { CONSOLE_MESSAGES, type ToggleOverview } from '@portal/contracts/console';
import {
  DEFAULT_REMOTE_TOGGLES,
  FEATURE_TOGGLE_KEYS,
  TEXT_SETTING_KEYS,
  type FeatureToggleKey,
  type RemoteConfig,
  type TextSettingKey,
} from '@portal/contracts/feature-toggles';
import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { ConflictError, ValidationError } from '../http/domain-errors';
import { createFeatureTogglesRepository, type ToggleRow } from './feature-toggles-repository';

// Every visitor fetches the configuration at every start: a short cache keeps that off the
// database, and is short enough that every instance agrees within seconds of a change.
const CACHE_MS = 5_000;
/** How many past changes the console shows. */
const CHANGES_SHOWN = 50;

export type ToggleKey = FeatureToggleKey | TextSettingKey;
export type ToggleValue = boolean | string;

const isToggle = (key: ToggleKey): key is FeatureToggleKey =>
  (FEATURE_TOGGLE_KEYS as readonly string[]).includes(key);
const DATE_SETTINGS = new Set<ToggleKey>(['ANNOUNCEMENT_START_DATE', 'ANNOUNCEMENT_END_DATE']);
/** A day, or a day and time (read in Jakarta time when it has no offset). */
const DATE_SETTING = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?)?$/;

const valueOf = (key: ToggleKey, row: ToggleRow | undefined): ToggleValue =>
  isToggle(key) ? (row?.enabled ?? DEFAULT_REMOTE_TOGGLES[key]) : (row?.textValue ?? '');
const shown = (value: ToggleValue) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : value);

/** The value a key accepts, with the Indonesian message for anything else. */
function checkValue(key: ToggleKey, value: ToggleValue): ToggleValue {
  if (isToggle(key)) {
    if (typeof value !== 'boolean') invalid(CONSOLE_MESSAGES.toggleTakesOnOff);
    return value;
  }
  if (typeof value !== 'string') invalid(CONSOLE_MESSAGES.settingTakesText);
  if (!DATE_SETTINGS.has(key)) return value;
  const date = value.trim();
  if (date !== '' && (!DATE_SETTING.test(date) || Number.isNaN(Date.parse(date.slice(0, 10)))))
    invalid(CONSOLE_MESSAGES.settingDateInvalid);
  return date;
}
function invalid(message: string): never {
  throw new ValidationError([{ field: 'value', message }]);
}

/** The feature toggles and text settings staff switch, read through a short cache. */
export function createFeatureTogglesService({
  db,
  audit,
  now = Date.now,
}: {
  db: Db;
  /** Every change joins the audit trail with its before and after. */
  audit: Pick<AuditLog, 'record'>;
  /** Milliseconds since the epoch: the cache's clock, moved by tests. */
  now?: () => number;
}) {
  const repository = createFeatureTogglesRepository(db);
  let cached: { value: RemoteConfig; until: number } | undefined;

  async function load(): Promise<RemoteConfig> {
    const rows = new Map((await repository.all()).map((row) => [row.key, row]));
    const toggles = Object.fromEntries(
      FEATURE_TOGGLE_KEYS.map((key) => [key, valueOf(key, rows.get(key))]),
    ) as Record<FeatureToggleKey, boolean>;
    const settings = Object.fromEntries(
      TEXT_SETTING_KEYS.map((key) => [key, valueOf(key, rows.get(key))]),
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
    /**
     * Changes one toggle or setting and records who changed it from what to what, in one
     * transaction. With `previous`, a value changed meanwhile by someone else is not
     * overwritten (409). Setting the value it already has changes and records nothing.
     */
    async change(
      key: ToggleKey,
      value: ToggleValue,
      actor: string,
      previous?: ToggleValue,
    ): Promise<{ changed: boolean }> {
      const next = checkValue(key, value);
      try {
        return await db.transaction(async (tx) => {
          const inTransaction = createFeatureTogglesRepository(tx);
          const current = valueOf(key, await inTransaction.lock(key));
          if (previous !== undefined && previous !== current) {
            throw new ConflictError({
              id: 'toggle_changed_meanwhile',
              message: CONSOLE_MESSAGES.toggleChangedMeanwhile,
            });
          }
          if (current === next) return { changed: false };
          const row = isToggle(key)
            ? { key, enabled: next as boolean, textValue: null }
            : { key, enabled: null, textValue: next as string };
          await inTransaction.save(row, {
            oldValue: shown(current),
            newValue: shown(next),
            actor,
          });
          await audit.record(
            {
              action: 'toggle',
              outcome: 'changed',
              actor,
              target: key,
              changes: { before: { key, value: current }, after: { key, value: next } },
            },
            tx,
          );
          return { changed: true };
        });
      } finally {
        cached = undefined;
      }
    },
    async setToggle(key: FeatureToggleKey, enabled: boolean, actor = 'system'): Promise<void> {
      await this.change(key, enabled, actor);
    },
    async setSetting(key: TextSettingKey, value: string, actor = 'system'): Promise<void> {
      await this.change(key, value, actor);
    },
    /** What the console shows: every toggle and setting now, and the latest changes. */
    async overview(): Promise<ToggleOverview> {
      const [config, changes] = await Promise.all([
        load(),
        repository.latestChanges(CHANGES_SHOWN),
      ]);
      const staffIds = [
        ...new Set(changes.flatMap(({ actor }) => /^staff:(\d+)$/.exec(actor)?.[1] ?? [])),
      ].map(Number);
      const staff = await repository.staffEmails(staffIds);
      const emailOf = new Map(staff.map((row) => [`staff:${row.id}`, row.email]));
      return {
        toggles: FEATURE_TOGGLE_KEYS.map((key) => ({
          key,
          enabled: config.toggles[key],
          defaultEnabled: DEFAULT_REMOTE_TOGGLES[key],
        })),
        settings: TEXT_SETTING_KEYS.map((key) => ({ key, value: config.settings[key] })),
        changes: changes.map((change) => ({
          key: change.key,
          oldValue: change.oldValue,
          newValue: change.newValue,
          actor: emailOf.get(change.actor) ?? change.actor,
          changedAt: change.changedAt.toISOString(),
        })),
      };
    },
  };
}
export type FeatureTogglesService = ReturnType<typeof createFeatureTogglesService>;
