import { CONSOLE_ROUTES, consolePath } from '@portal/contracts/console';
import { useQuery } from '@tanstack/react-query';
import { getFile } from '~/api/api-client';

/** The request's letter as a Blob: the page shows it from a blob: address, the token never in a URL. */
export async function getOfficeRequestLetter(id: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await getFile(consolePath(CONSOLE_ROUTES.officeRequestLetter, id), {
    signal,
  });
  return blob;
}

export const useOfficeRequestLetter = (id: string) =>
  useQuery({
    queryKey: ['office-request-letter', id],
    queryFn: ({ signal }) => getOfficeRequestLetter(id, signal),
  });
