import { dataEnvelope } from '@portal/contracts/envelope';
import {
  CONNECTED_PLATFORM_ROUTES,
  ConnectedPlatformListSchema,
} from '@portal/contracts/platforms';
import { useQuery } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ConnectedPlatformListSchema);

/** The platforms holding a grant of the signed-in person, and what each receives. */
export async function getConnectedPlatforms(token: string, signal?: AbortSignal) {
  const { data } = await getJson(CONNECTED_PLATFORM_ROUTES.list, ResponseSchema, {
    token,
    signal,
  });
  return data.items;
}

export const connectedPlatformsKey = (user: User) => ['connected-platforms', user.profile.sub];

export const useConnectedPlatforms = (user: User) =>
  useQuery({
    queryKey: connectedPlatformsKey(user),
    queryFn: ({ signal }) => getConnectedPlatforms(user.access_token, signal),
    retry: false,
  });
