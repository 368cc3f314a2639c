import {
  DELETION_REPORT_PATHS,
  DeletionNoticeSchema,
  type DeletionReportBody,
} from '@portal/contracts/account-deletion';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQuery } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const NoticeAnswer = dataEnvelope(DeletionNoticeSchema);

/** The stated date and the report deadline of the notice behind the link's token. */
export const useDeletionNotice = (token: string | null) =>
  useQuery({
    queryKey: ['deletion-notice', token],
    enabled: token !== null,
    retry: false,
    queryFn: () =>
      postJson(DELETION_REPORT_PATHS.notice, { token }, NoticeAnswer).then((a) => a.data),
  });

export const useReportMistake = () =>
  useMutation({
    mutationFn: (body: DeletionReportBody) =>
      postJson(DELETION_REPORT_PATHS.report, body, NoticeAnswer).then((a) => a.data),
  });
