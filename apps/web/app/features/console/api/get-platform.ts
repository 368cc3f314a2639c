import { dataEnvelope } from '@portal/contracts/envelope';
import { PLATFORM_ROUTES, PlatformClientSchema, platformPath } from '@portal/contracts/platforms';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';
import { PLATFORMS_KEY } from './get-platforms';

const ResponseSchema = dataEnvelope(PlatformClientSchema);

/** One platform's settings (never its secret). */
export async function getPlatform(clientId: string, signal?: AbortSignal) {
  const { data } = await getJson(platformPath(PLATFORM_ROUTES.one, clientId), ResponseSchema, {
    signal,
  });
  return data;
}

/** Under the list's key, so that a change invalidating the list reads this one again too. */
export const platformKey = (clientId: string) => [...PLATFORMS_KEY, clientId];

export const usePlatform = (clientId: string) =>
  useQuery({
    queryKey: platformKey(clientId),
    queryFn: ({ signal }) => getPlatform(clientId, signal),
    // A platform that does not exist stays so: answer at once.
    retry: false,
  });
