import { dataEnvelope } from '@portal/contracts/envelope';
import { PLATFORM_ROUTES, PlatformClientSchema, platformPath } from '@portal/contracts/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { PLATFORMS_KEY } from './get-platforms';
import { platformKey } from './get-platform';

const ResponseSchema = dataEnvelope(PlatformClientSchema);

/**
 * Disables a platform (refused at once, its grants and tokens ended) or enables it again.
 */
export async function setPlatformDisabled(clientId: string, disabled: boolean) {
  const route = disabled ? PLATFORM_ROUTES.disable : PLATFORM_ROUTES.enable;
  const { data } = await postJson(platformPath(route, clientId), {}, ResponseSchema);
  return data;
}

export const useSetPlatformDisabled = (clientId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (disabled: boolean) => setPlatformDisabled(clientId, disabled),
    onSuccess: (saved) => {
      queries.setQueryData(platformKey(clientId), saved);
      void queries.invalidateQueries({ queryKey: PLATFORMS_KEY, exact: true });
    },
  });
};
