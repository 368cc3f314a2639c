import { CONSOLE_ROUTES, ToggleOverviewSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ToggleOverviewSchema);

/** The toggles and text settings of SPEC §3, with the log of who changed what. */
export async function getFeatureToggles(signal?: AbortSignal) {
  const { data } = await getJson(CONSOLE_ROUTES.featureToggles, ResponseSchema, { signal });
  return data;
}

export const FEATURE_TOGGLES_KEY = ['console-toggles'];

export const useFeatureToggles = () =>
  useQuery({
    queryKey: FEATURE_TOGGLES_KEY,
    queryFn: ({ signal }) => getFeatureToggles(signal),
  });
