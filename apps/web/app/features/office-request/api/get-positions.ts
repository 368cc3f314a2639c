import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request-paths';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';
import { officeRequestContract } from '../office-request-contract';

/** The positions an office's requester may hold. */
export async function loadPositions(signal?: AbortSignal) {
  const { PositionSchema } = await officeRequestContract();
  return getJson(OFFICE_REQUEST_PATHS.positions, dataEnvelope(z.array(PositionSchema)), { signal });
}

export const usePositions = ({ enabled = true } = {}) =>
  useQuery({
    queryKey: ['office-positions'],
    queryFn: ({ signal }) => loadPositions(signal),
    staleTime: Infinity,
    enabled,
  });
