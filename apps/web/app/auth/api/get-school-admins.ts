import { dataEnvelope } from '@portal/contracts/envelope';
import {
  SCHOOL_ADMINS_PATH,
  SchoolAdminsSchema,
  type SchoolAdmins,
} from '@portal/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '~/auth/auth-client';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(SchoolAdminsSchema);

/** The schools whose registry lists the signed-in person, and whether they run each. */
export async function getSchoolAdmins(signal?: AbortSignal): Promise<SchoolAdmins> {
  const { data } = await getJson(SCHOOL_ADMINS_PATH, ResponseSchema, { signal });
  return data;
}

/** Asked only for a learning account: no other account can run a school. */
export const useSchoolAdmins = (user: SessionUser, learningAccount: boolean) =>
  useQuery({
    queryKey: ['school-admins', user.profile.sub],
    queryFn: ({ signal }) => getSchoolAdmins(signal),
    enabled: learningAccount,
    retry: false,
  });
