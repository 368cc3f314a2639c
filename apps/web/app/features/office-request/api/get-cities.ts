import { dataEnvelope } from '@portal/contracts/envelope';
import { CitySchema, OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(z.array(CitySchema));

/** The regencies and cities of a province, as the office request names them. */
export const loadCities = (province: string, signal?: AbortSignal) =>
  getJson(OFFICE_REQUEST_PATHS.cities, ResponseSchema, { query: { province }, signal });

/** Asked once a province's two-digit code is chosen. */
export const useCities = (province: string) =>
  useQuery({
    queryKey: ['office-cities', province],
    queryFn: ({ signal }) => loadCities(province, signal),
    enabled: /^\d{2}$/.test(province),
    staleTime: Infinity,
  });
