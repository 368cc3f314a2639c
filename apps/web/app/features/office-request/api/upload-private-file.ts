import { ERROR_MESSAGES, readErrorFacts, readErrorMessage } from '@portal/contracts/api-error';
import { dataEnvelope } from '@portal/contracts/envelope';
import { PRIVATE_UPLOAD_PATH } from '@portal/contracts/office-request-paths';
import { ApiError, apiUrl } from '~/api/api-client';
import { officeRequestContract } from '../office-request-contract';

/**
 * Uploads a file as SPEC §7 says (multipart, no credentials), reporting progress: fetch cannot
 * tell how much of a body has gone, XMLHttpRequest's upload events can.
 */
export async function uploadPrivateFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const UploadAnswer = dataEnvelope((await officeRequestContract()).UploadResultSchema);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(PRIVATE_UPLOAD_PATH));
    request.withCredentials = false;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) {
        const parsed = UploadAnswer.safeParse(body);
        if (parsed.success) resolve(parsed.data.data.url);
        else reject(new ApiError(request.status, ERROR_MESSAGES.generic, [], { id: 'internal' }));
        return;
      }
      const facts = readErrorFacts(body);
      reject(
        new ApiError(request.status, readErrorMessage(body, ERROR_MESSAGES.generic), [], {
          id: facts.id,
          retryAfter: facts.retryAfter,
        }),
      );
    };
    request.onerror = () => reject(new ApiError(0, ERROR_MESSAGES.generic, [], { id: 'internal' }));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
