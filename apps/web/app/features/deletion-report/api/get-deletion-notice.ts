import { DELETION_REPORT_PATHS, DeletionNoticeSchema } from '@portal/contracts/account-deletion';
import { dataEnvelope } from '@portal/contracts/envelope';
import { skipToken, useQuery } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(DeletionNoticeSchema);

/**
 * The stated date and the report deadline of the notice behind the link's token. A POST: the
 * token goes in the body, never in a URL.
 */
export async function getDeletionNotice(token: string) {
  const { data } = await postJson(DELETION_REPORT_PATHS.notice, { token }, ResponseSchema);
  return data;
}

/** Null until the page has read the token from its address. */
export const useDeletionNotice = (token: string | null) =>
  useQuery({
    queryKey: ['deletion-notice', token],
    queryFn: token === null ? skipToken : () => getDeletionNotice(token),
    retry: false,
  });
