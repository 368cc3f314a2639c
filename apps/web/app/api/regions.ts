import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const RegionSchema = z.object({ code: z.string(), name: z.string() });
const RegionsSchema = z.object({
  provinces: z.array(RegionSchema.extend({ regencies: z.array(RegionSchema) })),
});
export type Regions = z.infer<typeof RegionsSchema>;

/** Provinces and regencies/cities, a static file written at build time (scripts/generate-regions.ts). */
export async function loadRegions(signal?: AbortSignal): Promise<Regions> {
  const response = await fetch('/regions.json', { signal });
  if (!response.ok) throw new Error(`regions ${response.status}`);
  return RegionsSchema.parse(await response.json());
}

/** `enabled: false` holds the request back (a form asks once the page is idle). */
export const useRegions = ({ enabled = true } = {}) =>
  useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => loadRegions(signal),
    staleTime: Infinity,
    enabled,
  });
