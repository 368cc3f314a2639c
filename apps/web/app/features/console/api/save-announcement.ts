import {
  ANNOUNCEMENT_ROUTES,
  AnnouncementItemSchema,
  type AnnouncementInput,
} from '@portal/contracts/announcements';
import { consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { ANNOUNCEMENTS_KEY } from './get-announcements';

const ResponseSchema = dataEnvelope(AnnouncementItemSchema);

export type AnnouncementDraft = { id: string | null; body: AnnouncementInput };

/** A new announcement (no id), or a change to one's text and schedule. */
export async function saveAnnouncement({ id, body }: AnnouncementDraft) {
  const { data } = await postJson(
    id ? consolePath(ANNOUNCEMENT_ROUTES.one, id) : ANNOUNCEMENT_ROUTES.all,
    body,
    ResponseSchema,
  );
  return data;
}

export const useSaveAnnouncement = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (draft: AnnouncementDraft) => saveAnnouncement(draft),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
};
