import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PLATFORM_ROUTES,
  PlatformWithSecretSchema,
  platformPath,
} from '@portal/contracts/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { PLATFORMS_KEY } from './get-platforms';
import { platformKey } from './get-platform';

const ResponseSchema = dataEnvelope(PlatformWithSecretSchema);

/** A new client secret, answered this once; the old one stays valid for the overlap. */
export async function rotatePlatformSecret(clientId: string, overlapHours: number) {
  const { data } = await postJson(
    platformPath(PLATFORM_ROUTES.rotateSecret, clientId),
    { overlapHours },
    ResponseSchema,
  );
  return data;
}

export const useRotatePlatformSecret = (clientId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (overlapHours: number) => rotatePlatformSecret(clientId, overlapHours),
    onSuccess: ({ client }) => {
      queries.setQueryData(platformKey(clientId), client);
      void queries.invalidateQueries({ queryKey: PLATFORMS_KEY, exact: true });
    },
  });
};
