import { WEB_SESSION } from '@portal/contracts/sign-in-client';
import { WebSessionResponseSchema } from '@portal/contracts/web-session';
import { getJson } from '~/api/api-client';
import type { SessionUser } from '../auth-client';

/** Who is signed in at the portal (the server's session), or null for nobody. */
export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const { data } = await getJson(WEB_SESSION.paths.session, WebSessionResponseSchema, {
    outsideApi: true,
    signal,
  });
  return data;
}
