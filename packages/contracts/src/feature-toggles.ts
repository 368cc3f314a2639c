import { z } from 'zod';

/** Server-side toggles of SPEC §3, served by the remote configuration endpoint. */
export const FEATURE_TOGGLE_KEYS = [
  'ACCOUNT_CREATION',
  'REQUEST_PASSWORD_BY_PHONE',
  'TEST_ANNOUNCEMENT_BAR',
  'LOOKUP_DINAS',
  'API_PLATFORM',
  'API_GOVERNMENT_STATEMENT',
  'LOGIN',
  'API_ANNOUNCEMENT',
] as const;
export const FeatureToggleKeySchema = z.enum(FEATURE_TOGGLE_KEYS);
export type FeatureToggleKey = z.infer<typeof FeatureToggleKeySchema>;

export const TEXT_SETTING_KEYS = [
  'ANNOUNCEMENT_MESSAGE',
  'ANNOUNCEMENT_START_DATE',
  'ANNOUNCEMENT_END_DATE',
] as const;
export const TextSettingKeySchema = z.enum(TEXT_SETTING_KEYS);
export type TextSettingKey = z.infer<typeof TextSettingKeySchema>;

export const RemoteConfigSchema = z.object({
  toggles: z.record(FeatureToggleKeySchema, z.boolean()),
  settings: z.record(TextSettingKeySchema, z.string()),
  fetchedAt: z.iso.datetime(),
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;

/** Values a fresh database starts with; staff change them later. */
export const DEFAULT_REMOTE_TOGGLES: Record<FeatureToggleKey, boolean> = {
  ACCOUNT_CREATION: true,
  REQUEST_PASSWORD_BY_PHONE: true,
  TEST_ANNOUNCEMENT_BAR: false,
  LOOKUP_DINAS: true,
  API_PLATFORM: true,
  API_GOVERNMENT_STATEMENT: true,
  LOGIN: true,
  API_ANNOUNCEMENT: true,
};

/**
 * Client-side features with the local defaults of SPEC §3, used when the remote call fails.
 * `introductionVideo`, `partnerRegistration` and `googleSignIn` are left out: nothing of the
 * product is theirs to switch (decision 0248).
 */
export const LOCAL_FEATURE_DEFAULTS = {
  webinars: true,
  guides: true,
  accountLookup: true,
  requestPasswordByPhone: true,
  accountCreation: false,
  testAnnouncementBar: false,
} as const;
export type LocalFeature = keyof typeof LOCAL_FEATURE_DEFAULTS;

/** Path of the remote configuration endpoint under the API prefix. */
export const REMOTE_CONFIG_PATH = '/remote-config/v1/config';
