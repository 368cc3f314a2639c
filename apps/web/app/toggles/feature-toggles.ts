import {
  DEFAULT_REMOTE_TOGGLES,
  FEATURE_TOGGLE_KEYS,
  LOCAL_FEATURE_DEFAULTS,
  REMOTE_CONFIG_PATH,
  TEXT_SETTING_KEYS,
} from '@portal/contracts/feature-toggles';
import type {
  FeatureToggleKey,
  LocalFeature,
  TextSettingKey,
} from '@portal/contracts/feature-toggles';
import { webConfig } from '~/config';

/** Query parameter that switches toggles on for this browser session: `?features=A,B`. */
export const FEATURES_QUERY_PARAM = 'features';
export const FEATURE_OVERRIDES_STORAGE_KEY = 'portal.featureOverrides';

export type ToggleState = {
  remote: Partial<Record<FeatureToggleKey, boolean>> | null;
  settings: Partial<Record<TextSettingKey, string>>;
  overrides: ReadonlySet<string>;
  /** The server's configuration has arrived, or failed to: until then a page cannot tell. */
  settled?: boolean;
};

/** Remote toggles that also steer a local feature of SPEC §3. */
const LOCAL_FROM_REMOTE: Partial<Record<LocalFeature, FeatureToggleKey>> = {
  accountCreation: 'ACCOUNT_CREATION',
  requestPasswordByPhone: 'REQUEST_PASSWORD_BY_PHONE',
  testAnnouncementBar: 'TEST_ANNOUNCEMENT_BAR',
};

let state: ToggleState = { remote: null, settings: {}, overrides: new Set() };
const listeners = new Set<() => void>();

export const getToggleState = (): ToggleState => state;
export const subscribeToggles = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setState(next: ToggleState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Names in `?features=`; accepts remote keys and local feature names, ignores the rest. */
export function parseFeatureList(value: string): string[] {
  const known = new Set<string>([...FEATURE_TOGGLE_KEYS, ...Object.keys(LOCAL_FEATURE_DEFAULTS)]);
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => known.has(name));
}

/**
 * Reads the overrides at app start (SPEC §2, decision 0248): a visit with names stores them for
 * the browser session, a visit without the parameter keeps the session's, and the parameter
 * with no name left in it (`?features=`) resets them.
 */
export function readSessionOverrides(search: string, storage: Storage | null): Set<string> {
  const value = new URLSearchParams(search).get(FEATURES_QUERY_PARAM);
  try {
    if (value === null) {
      return new Set(parseFeatureList(storage?.getItem(FEATURE_OVERRIDES_STORAGE_KEY) ?? ''));
    }
    const names = parseFeatureList(value);
    if (names.length === 0) storage?.removeItem(FEATURE_OVERRIDES_STORAGE_KEY);
    else storage?.setItem(FEATURE_OVERRIDES_STORAGE_KEY, names.join(','));
    return new Set(names);
  } catch {
    return new Set(value ? parseFeatureList(value) : []);
  }
}

export function isLocalFeatureOn(current: ToggleState, feature: LocalFeature): boolean {
  if (current.overrides.has(feature)) return true;
  const remoteKey = LOCAL_FROM_REMOTE[feature];
  if (remoteKey) {
    if (current.overrides.has(remoteKey)) return true;
    const remoteValue = current.remote?.[remoteKey];
    if (remoteValue !== undefined) return remoteValue;
  }
  return LOCAL_FEATURE_DEFAULTS[feature];
}

export function isRemoteToggleOn(current: ToggleState, key: FeatureToggleKey): boolean {
  const local = Object.entries(LOCAL_FROM_REMOTE).find(([, remote]) => remote === key)?.[0];
  // `?features=accountCreation` names the same switch as `?features=ACCOUNT_CREATION`.
  if (current.overrides.has(key) || (local && current.overrides.has(local))) return true;
  const remoteValue = current.remote?.[key];
  if (remoteValue !== undefined) return remoteValue;
  return local ? LOCAL_FEATURE_DEFAULTS[local as LocalFeature] : DEFAULT_REMOTE_TOGGLES[key];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the known keys of a RemoteConfig body. Written by hand instead of RemoteConfigSchema
 * because zod would weigh on every page's first JavaScript; unknown keys are ignored.
 */
export function parseRemoteConfig(body: unknown): Pick<ToggleState, 'remote' | 'settings'> | null {
  if (!isRecord(body) || !isRecord(body.toggles) || !isRecord(body.settings)) return null;
  const remote: Partial<Record<FeatureToggleKey, boolean>> = {};
  for (const key of FEATURE_TOGGLE_KEYS) {
    const value = body.toggles[key];
    if (typeof value === 'boolean') remote[key] = value;
  }
  const settings: Partial<Record<TextSettingKey, string>> = {};
  for (const key of TEXT_SETTING_KEYS) {
    const value = body.settings[key];
    if (typeof value === 'string') settings[key] = value;
  }
  return { remote, settings };
}

/** Fetched at every app start (no minimum interval); a failure is only logged. */
export async function startFeatureToggles(fetchImpl: typeof fetch = fetch): Promise<void> {
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  setState({ ...state, overrides: readSessionOverrides(window.location.search, storage) });
  try {
    const response = await fetchImpl(webConfig.apiBase + REMOTE_CONFIG_PATH, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const parsed = parseRemoteConfig(await response.json());
    if (!parsed) throw new Error('unexpected remote configuration shape');
    setState({ ...state, ...parsed, settled: true });
  } catch (error) {
    console.warn(
      'Remote configuration unavailable, local feature defaults apply:',
      error instanceof Error ? error.message : 'unknown error',
    );
    setState({ ...state, settled: true });
  }
}
