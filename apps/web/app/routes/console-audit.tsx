import { AuditPage } from '~/features/console/audit-trail';

export default AuditPage;
