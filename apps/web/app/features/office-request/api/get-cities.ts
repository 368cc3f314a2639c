import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request-paths';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';
import { officeRequestContract } from '../office-request-contract';

/** The regencies and cities of a province, as the office request names them. */
export async function loadCities(province: string, signal?: AbortSignal) {
  const { CitySchema } = await officeRequestContract();
  return getJson(OFFICE_REQUEST_PATHS.cities, dataEnvelope(z.array(CitySchema)), {
    query: { province },
    signal,
  });
}

/** Asked once a province's two-digit code is chosen. */
export const useCities = (province: string) =>
  useQuery({
    queryKey: ['office-cities', province],
    queryFn: ({ signal }) => loadCities(province, signal),
    enabled: /^\d{2}$/.test(province),
    staleTime: Infinity,
  });
