import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request-paths';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';
import { useRemoteToggle } from '~/toggles/use-feature';
import { officeRequestContract } from '../office-request-contract';

/**
 * The platforms an office may ask for: from the API while API_PLATFORM is on, else the list
 * shipped with the app (the same one the API serves), so the form works while that call fails.
 */
export async function loadPlatforms(fromApi: boolean, signal?: AbortSignal) {
  const { OFFICE_REQUEST_PLATFORMS, PlatformSchema } = await officeRequestContract();
  return fromApi
    ? getJson(OFFICE_REQUEST_PATHS.platforms, dataEnvelope(z.array(PlatformSchema)), { signal })
    : { data: [...OFFICE_REQUEST_PLATFORMS] };
}

export function usePlatforms({ enabled = true } = {}) {
  const fromApi = useRemoteToggle('API_PLATFORM');
  return useQuery({
    queryKey: ['office-platforms', fromApi],
    queryFn: ({ signal }) => loadPlatforms(fromApi, signal),
    staleTime: Infinity,
    enabled,
  });
}
