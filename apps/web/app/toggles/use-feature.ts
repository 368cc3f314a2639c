import { useSyncExternalStore } from 'react';
import type { FeatureToggleKey, LocalFeature } from '@portal/contracts/feature-toggles';
import {
  getToggleState,
  isLocalFeatureOn,
  isRemoteToggleOn,
  subscribeToggles,
} from '~/toggles/feature-toggles';
import type { ToggleState } from '~/toggles/feature-toggles';

/** One value of the toggle state: a component re-renders only when that value changes. */
const useToggleValue = (select: (state: ToggleState) => boolean): boolean => {
  const value = () => select(getToggleState());
  return useSyncExternalStore(subscribeToggles, value, value);
};

/** A local feature of SPEC §3, with remote values and session overrides applied. */
export const useFeature = (feature: LocalFeature): boolean =>
  useToggleValue((state) => isLocalFeatureOn(state, feature));

/** A server toggle of SPEC §3, with session overrides applied. */
export const useRemoteToggle = (key: FeatureToggleKey): boolean =>
  useToggleValue((state) => isRemoteToggleOn(state, key));

/**
 * Whether the server's toggles are known (arrived, or failed to and the local defaults apply).
 * Until then a page shows what it shows when the service is open, so that it does not jump
 * from a closed notice to its form when they arrive.
 */
export const useTogglesSettled = (): boolean => useToggleValue((state) => state.settled === true);

/**
 * A server toggle as every visitor gets it, without this browser's session overrides: what the
 * public site does. Undefined until the server's configuration arrives (or when it failed).
 */
export const usePublicToggle = (key: FeatureToggleKey): boolean | undefined => {
  const value = () => getToggleState().remote?.[key];
  return useSyncExternalStore(subscribeToggles, value, value);
};
