import { dataEnvelope } from '@portal/contracts/envelope';
import type { OfficeRequestBody } from '@portal/contracts/office-request';
import { OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request-paths';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { officeRequestContract } from '../office-request-contract';

/** Sends the office request; the answer carries its request number. */
export async function submitOfficeRequest(body: OfficeRequestBody) {
  const { OfficeRequestResultSchema } = await officeRequestContract();
  return postJson(OFFICE_REQUEST_PATHS.request, body, dataEnvelope(OfficeRequestResultSchema));
}

export const useSubmitOfficeRequest = () => useMutation({ mutationFn: submitOfficeRequest });
