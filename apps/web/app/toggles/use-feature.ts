import { useSyncExternalStore } from 'react';
import type { FeatureToggleKey, LocalFeature } from '@portal/contracts/feature-toggles';
import {
  getToggleState,
  isLocalFeatureOn,
  isRemoteToggleOn,
  subscribeToggles,
} from '~/toggles/feature-toggles';

const useToggleState = () => useSyncExternalStore(subscribeToggles, getToggleState, getToggleState);

/** A local feature of SPEC §3, with remote values and session overrides applied. */
export const useFeature = (feature: LocalFeature): boolean =>
  isLocalFeatureOn(useToggleState(), feature);

/** A server toggle of SPEC §3, with session overrides applied. */
export const useRemoteToggle = (key: FeatureToggleKey): boolean =>
  isRemoteToggleOn(useToggleState(), key);
