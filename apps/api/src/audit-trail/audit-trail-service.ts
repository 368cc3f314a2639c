import { CONSOLE_PAGE_SIZE } from '@portal/contracts/console';
import type { AuditQuery } from '@portal/contracts/staff';
import type { Db } from '../db/database';
import { csvFile } from '../http/csv-file';
import type { AuditLog } from '../audit/audit-log';
import { createAuditTrailRepository, type AuditFilter } from './audit-trail-repository';

type Staff = { staffId: number };
type Row = Awaited<ReturnType<ReturnType<typeof createAuditTrailRepository>['newest']>>[number];

const WIB_OFFSET_MS = 7 * 3_600_000;
/** A moment in Jakarta time with its offset (`2026-11-27T10:05:00+07:00`): the file says its zone. */
const wib = (at: Date) =>
  `${new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;

/** An export holds at most this many entries: narrow the filter for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const entryOf = (row: Row) => ({
  id: String(row.id),
  occurredAt: row.occurredAt.toISOString(),
  actor: row.actorEmail ?? row.accountEmail ?? row.actor,
  action: row.action,
  outcome: row.outcome,
  before: row.changes?.before ?? null,
  after: row.changes?.after ?? null,
});

/**
 * The audit trail as auditors and staff admins read it: who did what and when, with
 * the before and after of what they changed. Every read of it, a page or an export, is audited
 * too: who read, and the filter they used, a person in it by staff id only.
 */
export function createAuditTrailService({ db, audit }: { db: Db; audit: AuditLog }) {
  const repository = createAuditTrailRepository(db);

  /** The query's filter; null when it names an address that is no staff member's. */
  async function filterOf(query: Omit<AuditQuery, 'page'>): Promise<AuditFilter | null> {
    if (!query.actor) return { action: query.action, from: query.from, to: query.to };
    const id = await repository.staffIdByEmail(query.actor);
    return id === undefined
      ? null
      : { actor: `staff:${id}`, action: query.action, from: query.from, to: query.to };
  }

  /**
   * Records a read: the filter as applied (`not-staff` for an address that is no member's,
   * which goes only as the audit's keyed hash), the page for a page.
   */
  function recordRead(
    action: 'audit.read' | 'audit.export',
    staff: Staff,
    query: Omit<AuditQuery, 'page'>,
    filter: AuditFilter | null,
    ip: string,
    page?: number,
  ): void {
    const used = Object.fromEntries(
      Object.entries({
        actor: query.actor ? (filter?.actor ?? 'not-staff') : undefined,
        action: query.action,
        from: query.from,
        to: query.to,
      }).filter(([, value]) => value !== undefined),
    );
    audit.queue({
      action,
      outcome: 'done',
      actor: `staff:${staff.staffId}`,
      ip,
      ...(query.actor && !filter ? { target: query.actor } : {}),
      changes: { before: null, after: { filter: used, ...(page === undefined ? {} : { page }) } },
    });
  }

  return {
    async page(staff: Staff, query: AuditQuery, ip: string) {
      const filter = await filterOf(query);
      const { items, total } = filter
        ? await repository.page(filter, query.page, CONSOLE_PAGE_SIZE)
        : { items: [], total: 0 };
      recordRead('audit.read', staff, query, filter, ip, query.page);
      return { items: items.map(entryOf), total, page: query.page, pageSize: CONSOLE_PAGE_SIZE };
    },

    /** The filter's newest entries as CSV; the export itself is recorded. */
    async csv(staff: Staff, query: Omit<AuditQuery, 'page'>, ip: string): Promise<string> {
      const filter = await filterOf(query);
      const rows = filter ? await repository.newest(filter, AUDIT_EXPORT_LIMIT) : [];
      recordRead('audit.export', staff, query, filter, ip);
      return csvFile([
        ['waktu (WIB)', 'pelaku', 'tindakan', 'hasil', 'sebelum', 'sesudah'],
        ...rows
          .map((row) => ({ ...entryOf(row), at: row.occurredAt }))
          .map((entry) => [
            wib(entry.at),
            entry.actor ?? '',
            entry.action,
            entry.outcome,
            entry.before === null ? '' : JSON.stringify(entry.before),
            entry.after === null ? '' : JSON.stringify(entry.after),
          ]),
      ]);
    },
  };
}
export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
