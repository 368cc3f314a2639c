import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PLATFORM_ROUTES,
  PlatformWithSecretSchema,
  type PlatformCreateBody,
} from '@portal/contracts/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { PLATFORMS_KEY } from './get-platforms';

const ResponseSchema = dataEnvelope(PlatformWithSecretSchema);

/** Registers a platform; a client_secret_basic one is answered its secret, this once. */
export async function registerPlatform(body: PlatformCreateBody) {
  const { data } = await postJson(PLATFORM_ROUTES.all, body, ResponseSchema);
  return data;
}

export const useRegisterPlatform = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformCreateBody) => registerPlatform(body),
    onSuccess: () => void queries.invalidateQueries({ queryKey: PLATFORMS_KEY }),
  });
};
