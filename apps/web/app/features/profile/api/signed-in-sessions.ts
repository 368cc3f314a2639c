import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PROFILE_PATHS,
  SessionsEndedSchema,
  SignedInSessionsSchema,
} from '@portal/contracts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '~/api/api-client';

const ListSchema = dataEnvelope(SignedInSessionsSchema);
const EndedSchema = dataEnvelope(SessionsEndedSchema);
const SESSIONS_KEY = ['profile', 'sessions'];

/** Where the signed-in account is signed in. */
export async function getSignedInSessions(signal?: AbortSignal) {
  const { data } = await getJson(PROFILE_PATHS.sessions, ListSchema, { signal });
  return data.sessions;
}

/** Ends one session (by its id in the list), or every other one (`others`). */
export async function endSessions(which: { id: string } | 'others') {
  const path =
    which === 'others'
      ? PROFILE_PATHS.endOtherSessions
      : PROFILE_PATHS.endSession.replace(':id', encodeURIComponent(which.id));
  const { data } = await postJson(path, {}, EndedSchema);
  return data;
}

export const useSignedInSessions = () =>
  useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => getSignedInSessions(signal),
    retry: false,
  });

export function useEndSessions() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') => endSessions(which),
    onSettled: () => queries.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
