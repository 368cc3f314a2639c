import { dataEnvelope } from '@portal/contracts/envelope';
import {
  DINAS_PATHS,
  DinasRequestResultSchema,
  type DinasRequestBody,
} from '@portal/contracts/office-request';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(DinasRequestResultSchema);

/** Sends the office request; the answer carries its request number. */
export const submitDinasRequest = (body: DinasRequestBody) =>
  postJson(DINAS_PATHS.request, body, ResponseSchema);

export const useSubmitDinasRequest = () => useMutation({ mutationFn: submitDinasRequest });
