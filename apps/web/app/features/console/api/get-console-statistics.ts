import { dataEnvelope } from '@portal/contracts/envelope';
import {
  STATISTICS_PATHS,
  StatisticsSchema,
  type Statistics,
  type StatisticsQuery,
} from '@portal/contracts/statistics';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StatisticsSchema);

/** The analyst's figures of a date range: the public funnels and the review backlog. */
export async function getConsoleStatistics(
  range: StatisticsQuery,
  signal?: AbortSignal,
): Promise<Statistics> {
  const { data } = await getJson(STATISTICS_PATHS.console, ResponseSchema, {
    signal,
    query: range,
  });
  return data;
}

export const useConsoleStatistics = (range: StatisticsQuery) =>
  useQuery({
    queryKey: ['console-statistics', range],
    queryFn: ({ signal }) => getConsoleStatistics(range, signal),
  });
