import { InteractionDetailsSchema } from '@portal/contracts/sign-in';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** Where the interaction stands: the step it resumes at, and whether the bot check is asked. */
export const getInteractionDetails = (uid: string) =>
  getJson(interactionPath('details', uid), InteractionDetailsSchema, { outsideApi: true });

/**
 * Read when the page opens, and again only when asked (`refetch`, after a password attempt):
 * the step a reload resumes at must not move under the person's feet.
 */
export const useInteractionDetails = (uid: string) =>
  useQuery({
    queryKey: ['interaction', uid],
    queryFn: () => getInteractionDetails(uid),
    retry: false,
    staleTime: Infinity,
  });
