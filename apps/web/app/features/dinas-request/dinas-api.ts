import { z } from 'zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  CitySchema,
  DINAS_PATHS,
  DINAS_PLATFORMS,
  DinasRequestResultSchema,
  PRIVATE_UPLOAD_PATH,
  PlatformSchema,
  PositionSchema,
  UploadResultSchema,
  type DinasRequestBody,
} from '@portal/contracts/dinas-request';
import { ApiError, apiUrl, getJson, postJson } from '~/api/api-client';
import { ERROR_MESSAGES, readErrorFacts, readErrorMessage } from '@portal/contracts/api-error';

export const loadCities = (province: string, signal?: AbortSignal) =>
  getJson(DINAS_PATHS.cities, dataEnvelope(z.array(CitySchema)), { query: { province }, signal });
export const loadPositions = (signal?: AbortSignal) =>
  getJson(DINAS_PATHS.positions, dataEnvelope(z.array(PositionSchema)), { signal });
/**
 * The platforms an office may ask for: from the API while API_PLATFORM is on, else the list
 * shipped with the app (the same one the API serves), so the form works while that call fails.
 */
export const loadPlatforms = async (fromApi: boolean, signal?: AbortSignal) =>
  fromApi
    ? getJson(DINAS_PATHS.platforms, dataEnvelope(z.array(PlatformSchema)), { signal })
    : { data: [...DINAS_PLATFORMS] };
export const submitDinasRequest = (body: DinasRequestBody) =>
  postJson(DINAS_PATHS.request, body, dataEnvelope(DinasRequestResultSchema));

const UploadAnswer = dataEnvelope(UploadResultSchema);

/**
 * Uploads a file as SPEC §7 says (multipart, no credentials), reporting progress: fetch cannot
 * tell how much of a body has gone, XMLHttpRequest's upload events can.
 */
export function uploadPrivateFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
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
