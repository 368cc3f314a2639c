import { CONNECTED_PLATFORM_ROUTES, platformPath } from '@portal/contracts/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '~/auth/auth-client';
import { deleteResource } from '~/api/api-client';
import { connectedPlatformsKey } from './get-connected-platforms';

/** Ends a platform's grants and refresh tokens: its next sign-in asks for consent again. */
export async function withdrawConnectedPlatform(clientId: string) {
  await deleteResource(platformPath(CONNECTED_PLATFORM_ROUTES.withdraw, clientId));
}

export const useWithdrawConnectedPlatform = (user: SessionUser) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => withdrawConnectedPlatform(clientId),
    onSuccess: () => void queries.invalidateQueries({ queryKey: connectedPlatformsKey(user) }),
  });
};
