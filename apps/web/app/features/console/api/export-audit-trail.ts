import { STAFF_ROUTES } from '@portal/contracts/staff';
import { useMutation } from '@tanstack/react-query';
import { getFile } from '~/api/api-client';
import { auditQuery, type AuditFilter } from './get-audit-trail';

/** The filter's newest entries as a CSV file, as the API names it. */
export const exportAuditTrail = (filter: AuditFilter) =>
  getFile(STAFF_ROUTES.auditCsv, { query: auditQuery(filter) });

export const useExportAuditTrail = () =>
  useMutation({ mutationFn: (filter: AuditFilter) => exportAuditTrail(filter) });
