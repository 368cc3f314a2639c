import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PLATFORM_ROUTES,
  PlatformClientSchema,
  platformPath,
  type PlatformUpdateBody,
} from '@portal/contracts/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putJson } from '~/api/api-client';
import { PLATFORMS_KEY } from './get-platforms';
import { platformKey } from './get-platform';

const ResponseSchema = dataEnvelope(PlatformClientSchema);

/** Saves a platform's settings (its client id and authentication method stay). */
export async function updatePlatform(clientId: string, body: PlatformUpdateBody) {
  const { data } = await putJson(
    platformPath(PLATFORM_ROUTES.one, clientId),
    body,
    ResponseSchema,
    {},
  );
  return data;
}

export const useUpdatePlatform = (clientId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformUpdateBody) => updatePlatform(clientId, body),
    onSuccess: (saved) => {
      queries.setQueryData(platformKey(clientId), saved);
      void queries.invalidateQueries({ queryKey: PLATFORMS_KEY, exact: true });
    },
  });
};
