import {
  BadgeBatchListSchema,
  BadgeBatchSchema,
  BadgeEndResultSchema,
  BadgeStudentSearchResultSchema,
  badgePaths,
} from '@portal/contracts/badges';
import { dataEnvelope } from '@portal/contracts/envelope';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postForFile, postJson } from '~/api/api-client';

const POLL_MS = 2000;

/** What the list of students shows: a name or NISN, a class, with or without a live badge. */
export type BadgeStudentFilter = {
  query: string;
  /** A class; null: no class recorded; undefined: every class. */
  grade?: number | null;
  badge: 'any' | 'live' | 'none';
  page: number;
};

const badgeStudentsKey = (npsn: string) => ['badge-students', npsn];
const badgeBatchesKey = (npsn: string) => ['badge-batches', npsn];

/** The school's students with an account and their live badges; the search goes in the body. */
export const useBadgeStudents = (npsn: string, filter: BadgeStudentFilter) =>
  useQuery({
    queryKey: [...badgeStudentsKey(npsn), filter],
    queryFn: async () =>
      (
        await postJson(
          badgePaths(npsn).students,
          filter,
          dataEnvelope(BadgeStudentSearchResultSchema),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The school's newest batches, polled while one is still being made. */
export const useBadgeBatches = (npsn: string) =>
  useQuery({
    queryKey: badgeBatchesKey(npsn),
    queryFn: async ({ signal }) => {
      const { data } = await getJson(badgePaths(npsn).batches, dataEnvelope(BadgeBatchListSchema), {
        signal,
      });
      return data.items;
    },
    refetchInterval: (query) =>
      query.state.data?.some((batch) => batch.status === 'processing') ? POLL_MS : false,
  });

/** Reads the students' badges again (a batch finished: who has a live badge changed). */
export const useRefreshBadgeStudents = (npsn: string) => {
  const queries = useQueryClient();
  return () => void queries.invalidateQueries({ queryKey: badgeStudentsKey(npsn) });
};

/** Makes badges for a whole class, or for the chosen students' accounts. */
export const useSubmitBadgeBatch = (npsn: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (selection: { grade: number } | { accountIds: readonly string[] }) => {
      const body =
        'grade' in selection
          ? { grade: selection.grade }
          : { students: selection.accountIds.map((accountId) => ({ accountId })) };
      return (await postJson(badgePaths(npsn).batches, body, dataEnvelope(BadgeBatchSchema))).data;
    },
    onSuccess: () => void queries.invalidateQueries({ queryKey: badgeBatchesKey(npsn) }),
  });
};

/** The batch's printable cards, once: the list of batches is read again afterwards. */
export const useDownloadBadgePdf = (npsn: string, batchId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => postForFile(badgePaths(npsn).batchPdf(batchId)),
    onSettled: () => void queries.invalidateQueries({ queryKey: badgeBatchesKey(npsn) }),
  });
};

/** Ends one live badge (by its id), or every live badge of the school (null). */
export const useEndBadges = (npsn: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (badgeId: string | null) => {
      const path = badgeId === null ? badgePaths(npsn).endAll : badgePaths(npsn).end(badgeId);
      return (await postJson(path, {}, dataEnvelope(BadgeEndResultSchema))).data;
    },
    onSuccess: () => void queries.invalidateQueries({ queryKey: badgeStudentsKey(npsn) }),
  });
};
