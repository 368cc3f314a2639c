import { ANNOUNCEMENT_ROUTES } from '@portal/contracts/announcements';
import { webConfig } from '~/config';
import { getToggleState, isRemoteToggleOn } from '~/toggles/feature-toggles';
import { renderAnnouncement } from './announcement-markdown';
import {
  chooseAnnouncement,
  isDismissed,
  parseServerAnnouncements,
  rememberDismissed,
  settingAnnouncement,
  type Announcement,
} from './announcement-selection';

// The announcement bar's chunk, loaded only once the bar's toggle is on (decision 0228).

/** The server's list when API_ANNOUNCEMENT is on; a failure is only logged (SPEC §7). */
export async function fetchServerAnnouncements(
  fetchImpl: typeof fetch = fetch,
): Promise<Announcement[]> {
  if (!isRemoteToggleOn(getToggleState(), 'API_ANNOUNCEMENT')) return [];
  try {
    const response = await fetchImpl(webConfig.apiBase + ANNOUNCEMENT_ROUTES.public, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return parseServerAnnouncements(await response.json());
  } catch (error) {
    console.warn(
      'Announcements unavailable:',
      error instanceof Error ? error.message : 'unknown error',
    );
    return [];
  }
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export type ShownAnnouncement = { html: string; dismiss: () => void };

/**
 * The announcement to show now, rendered, from the server's list and the configuration; null
 * when none is showing or the visitor dismissed the one chosen (until it changes).
 */
export function pickAnnouncement(server: readonly Announcement[]): ShownAnnouncement | null {
  const setting = settingAnnouncement(getToggleState().settings);
  const item = chooseAnnouncement({ server, setting }, Date.now());
  const store = storage();
  if (!item || (store && isDismissed(store, item))) return null;
  return {
    html: renderAnnouncement(item.description),
    dismiss: () => {
      if (store) rememberDismissed(store, item);
    },
  };
}
