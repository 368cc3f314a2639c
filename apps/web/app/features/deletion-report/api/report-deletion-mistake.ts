import {
  DELETION_REPORT_PATHS,
  DeletionNoticeSchema,
  type DeletionReportBody,
} from '@portal/contracts/account-deletion';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(DeletionNoticeSchema);

/** Reports that the notice is a mistake; answers the notice as it stands after the report. */
export async function reportDeletionMistake(body: DeletionReportBody) {
  const { data } = await postJson(DELETION_REPORT_PATHS.report, body, ResponseSchema);
  return data;
}

export const useReportDeletionMistake = () => useMutation({ mutationFn: reportDeletionMistake });
