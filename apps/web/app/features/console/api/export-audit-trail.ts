import { STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation } from '@tanstack/react-query';
import { getFile } from '~/api/api-client';
import { auditQuery, type AuditFilter } from './get-audit-trail';

/** The filter's newest entries as a CSV file, as the API names it. */
export const exportAuditTrail = (token: string, filter: AuditFilter) =>
  getFile(STAFF_ROUTES.auditCsv, { token, query: auditQuery(filter) });

export const useExportAuditTrail = (token: string) =>
  useMutation({ mutationFn: (filter: AuditFilter) => exportAuditTrail(token, filter) });
