import {
  CONSOLE_ROUTES,
  ToggleOverviewSchema,
  type ToggleChangeBody,
} from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putJson } from '~/api/api-client';
import { FEATURE_TOGGLES_KEY } from './get-feature-toggles';

const ResponseSchema = dataEnvelope(ToggleOverviewSchema);

export type ToggleChange = ToggleChangeBody & { key: string };

/** Changes a toggle or a setting from the value the reviewer saw; answers the overview as it is now. */
export async function changeFeatureToggle({ key, ...body }: ToggleChange) {
  const { data } = await putJson(
    CONSOLE_ROUTES.featureToggle.replace(':key', key),
    body,
    ResponseSchema,
  );
  return data;
}

export const useChangeFeatureToggle = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (change: ToggleChange) => changeFeatureToggle(change),
    onSuccess: (overview) => queries.setQueryData(FEATURE_TOGGLES_KEY, overview),
    // Someone else changed it meanwhile: show what it is now.
    onError: () => void queries.invalidateQueries({ queryKey: FEATURE_TOGGLES_KEY }),
  });
};
