import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS, PositionSchema } from '@portal/contracts/office-request';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(z.array(PositionSchema));

/** The positions an office's requester may hold. */
export const loadPositions = (signal?: AbortSignal) =>
  getJson(OFFICE_REQUEST_PATHS.positions, ResponseSchema, { signal });

export const usePositions = () =>
  useQuery({
    queryKey: ['office-positions'],
    queryFn: ({ signal }) => loadPositions(signal),
    staleTime: Infinity,
  });
