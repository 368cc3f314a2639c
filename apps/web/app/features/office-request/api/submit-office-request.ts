import { dataEnvelope } from '@portal/contracts/envelope';
import {
  OFFICE_REQUEST_PATHS,
  OfficeRequestResultSchema,
  type OfficeRequestBody,
} from '@portal/contracts/office-request';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(OfficeRequestResultSchema);

/** Sends the office request; the answer carries its request number. */
export const submitOfficeRequest = (body: OfficeRequestBody) =>
  postJson(OFFICE_REQUEST_PATHS.request, body, ResponseSchema);

export const useSubmitOfficeRequest = () => useMutation({ mutationFn: submitOfficeRequest });
