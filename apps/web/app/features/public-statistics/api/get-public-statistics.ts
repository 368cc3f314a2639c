import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PublicStatisticsSchema,
  STATISTICS_PATHS,
  type PublicStatistics,
  type StatisticsQuery,
} from '@portal/contracts/statistics';
import { skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(PublicStatisticsSchema);

/** The daily lookup and reset funnels of a date range, for anyone. */
export async function getPublicStatistics(
  range: StatisticsQuery,
  signal?: AbortSignal,
): Promise<PublicStatistics> {
  const { data } = await getJson(STATISTICS_PATHS.public, ResponseSchema, { signal, query: range });
  return data;
}

/** `range` is null until the page knows the visitor's today; nothing is asked before. */
export const usePublicStatistics = (range: StatisticsQuery | null) =>
  useQuery({
    queryKey: ['public-statistics', range],
    queryFn: range ? ({ signal }) => getPublicStatistics(range, signal) : skipToken,
  });
