import { ANNOUNCEMENT_ROUTES, AnnouncementListSchema } from '@portal/contracts/announcements';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(AnnouncementListSchema);

/** Every announcement for the public site's bar, whatever its state. */
export async function getAnnouncements(signal?: AbortSignal) {
  const { data } = await getJson(ANNOUNCEMENT_ROUTES.all, ResponseSchema, { signal });
  return data.items;
}

export const ANNOUNCEMENTS_KEY = ['console-announcements'];

export const useAnnouncements = () =>
  useQuery({
    queryKey: ANNOUNCEMENTS_KEY,
    queryFn: ({ signal }) => getAnnouncements(signal),
  });
