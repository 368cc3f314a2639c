import { dataEnvelope } from '@portal/contracts/envelope';
import { RESET_PATHS, ValidateOtpResultSchema } from '@portal/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

export async function validateResetCode(input: { sessionId: string; code: string }) {
  const { data } = await postJson(
    RESET_PATHS.validateOtp,
    { session_id: input.sessionId, otp: input.code },
    dataEnvelope(ValidateOtpResultSchema),
  );
  return data;
}

export const useValidateResetCode = () => useMutation({ mutationFn: validateResetCode });
