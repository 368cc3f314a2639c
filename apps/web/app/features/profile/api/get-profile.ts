import { dataEnvelope } from '@portal/contracts/envelope';
import { PROFILE_PATH, ProfileSchema, type Profile } from '@portal/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '~/auth/auth-client';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ProfileSchema);

/** SPEC §7 `GET .../profile`: the signed-in person's own account. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { data } = await getJson(PROFILE_PATH, ResponseSchema, { signal });
  return data;
}

export const useProfile = (user: SessionUser) =>
  useQuery({
    queryKey: ['profile', user.profile.sub],
    queryFn: ({ signal }) => getProfile(signal),
    retry: false,
  });
