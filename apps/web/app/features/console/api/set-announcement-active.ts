import { ANNOUNCEMENT_ROUTES, AnnouncementItemSchema } from '@portal/contracts/announcements';
import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { ANNOUNCEMENTS_KEY } from './get-announcements';

const ResponseSchema = dataEnvelope(AnnouncementItemSchema);

/** Switches an announcement on or off. */
export async function setAnnouncementActive(id: string, active: boolean) {
  const route = active ? ANNOUNCEMENT_ROUTES.activate : ANNOUNCEMENT_ROUTES.deactivate;
  const { data } = await postJson(consolePath(route, id), {}, ResponseSchema);
  return data;
}

export const useSetAnnouncementActive = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      setAnnouncementActive(id, active),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
};
