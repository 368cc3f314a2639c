import { dataEnvelope } from '@portal/contracts/envelope';
import {
  CONNECTED_PLATFORM_ROUTES,
  ConnectedPlatformListSchema,
} from '@portal/contracts/platforms';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '~/auth/auth-client';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ConnectedPlatformListSchema);

/** The platforms holding a grant of the signed-in person, and what each receives. */
export async function getConnectedPlatforms(signal?: AbortSignal) {
  const { data } = await getJson(CONNECTED_PLATFORM_ROUTES.list, ResponseSchema, {
    signal,
  });
  return data.items;
}

export const connectedPlatformsKey = (user: SessionUser) => [
  'connected-platforms',
  user.profile.sub,
];

export const useConnectedPlatforms = (user: SessionUser) =>
  useQuery({
    queryKey: connectedPlatformsKey(user),
    queryFn: ({ signal }) => getConnectedPlatforms(signal),
    retry: false,
  });
