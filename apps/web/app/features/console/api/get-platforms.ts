import { dataEnvelope } from '@portal/contracts/envelope';
import { PLATFORM_ROUTES, PlatformListSchema } from '@portal/contracts/platforms';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(PlatformListSchema);

/** Every registered platform (OpenID client), as the API orders them. */
export async function getPlatforms(signal?: AbortSignal) {
  const { data } = await getJson(PLATFORM_ROUTES.all, ResponseSchema, { signal });
  return data.items;
}

export const PLATFORMS_KEY = ['console-platforms'];

export const usePlatforms = () =>
  useQuery({ queryKey: PLATFORMS_KEY, queryFn: ({ signal }) => getPlatforms(signal) });
