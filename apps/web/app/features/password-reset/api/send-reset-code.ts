import { dataEnvelope } from '@portal/contracts/envelope';
import { RESET_PATHS, SendOtpResultSchema } from '@portal/contracts/password-reset';
import type { ResetMethod } from '@portal/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

/** Sends a code; every send answers a new session id and the previous one stops working. */
export async function sendResetCode(input: { token: string; method: ResetMethod }) {
  const { data } = await postJson(
    RESET_PATHS.sendOtp,
    { token: input.token, metode: input.method },
    dataEnvelope(SendOtpResultSchema),
  );
  return data;
}

export const useSendResetCode = () => useMutation({ mutationFn: sendResetCode });
