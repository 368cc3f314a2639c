import {
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementItem,
  type AnnouncementState,
  type PublicAnnouncement,
} from '@portal/contracts/announcements';
import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import { NotFoundError } from '../http/domain-errors';
import {
  createAnnouncementsRepository,
  type AnnouncementRow,
  type AnnouncementsRepository,
} from './announcements-repository';

type Staff = { staffId: number };
/** A checked input of AnnouncementInputSchema: the schedule's ends as ISO strings or null. */
type AnnouncementText = { description: string; startsAt: string | null; endsAt: string | null };

const notFound = () =>
  new NotFoundError({ id: 'announcement_not_found', message: ANNOUNCEMENT_MESSAGES.notFound });

/** Where an announcement stands at `now` (the console's state column). */
function announcementState(row: AnnouncementRow, now: Date): AnnouncementState {
  if (!row.isActive) return 'inactive';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'active';
}

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

/** What the audit keeps of an announcement: its text, schedule and state. */
const auditedState = (row: AnnouncementRow) => ({
  id: String(row.id),
  description: row.description,
  isActive: row.isActive,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
});

function toItem(row: AnnouncementRow, now: Date): AnnouncementItem {
  return {
    id: String(row.id),
    description: row.description,
    isActive: row.isActive,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    state: announcementState(row, now),
  };
}

export function createAnnouncementsService({
  db,
  audit,
  toggles,
  now = () => new Date(),
}: {
  db: Db;
  audit: AuditLog;
  toggles: FeatureTogglesService;
  now?: () => Date;
}) {
  const repository = createAnnouncementsRepository(db);

  /** One change and its audit entry, in one transaction: both or neither. */
  function change(
    staff: Staff,
    outcome: 'created' | 'updated' | 'activated' | 'deactivated',
    ip: string,
    id: number | null,
    write: (inTransaction: AnnouncementsRepository) => Promise<AnnouncementRow | undefined>,
  ): Promise<AnnouncementItem> {
    return db.transaction(async (tx) => {
      const inTransaction = createAnnouncementsRepository(tx);
      const before = id === null ? null : await inTransaction.hold(id);
      if (id !== null && !before) throw notFound();
      const row = await write(inTransaction);
      if (!row) throw notFound();
      await audit.record(
        {
          action: 'announcement',
          outcome,
          actor: `staff:${staff.staffId}`,
          ip,
          target: String(row.id),
          changes: { before: before && auditedState(before), after: auditedState(row) },
        },
        tx,
      );
      return toItem(row, now());
    });
  }

  const schedule = (input: AnnouncementText) => ({
    description: input.description,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  });

  return {
    /**
     * The public list of SPEC §7: what shows now, newest change first; empty while the
     * API_ANNOUNCEMENT toggle is off (the web does not ask then, other clients may).
     */
    async showingNow(): Promise<PublicAnnouncement[]> {
      if (!(await toggles.isEnabled('API_ANNOUNCEMENT'))) return [];
      const rows = await repository.showingNow();
      return rows.map((row) => ({
        id: String(row.id),
        description: row.description,
        is_active: row.isActive,
        start_at: iso(row.startsAt),
        end_at: iso(row.endsAt),
        updated_at: row.updatedAt.toISOString(),
      }));
    },
    async list(): Promise<{ items: AnnouncementItem[] }> {
      const at = now();
      return { items: (await repository.all()).map((row) => toItem(row, at)) };
    },
    /** A new announcement starts inactive: staff activate it when it reads right. */
    create: (staff: Staff, input: AnnouncementText, ip: string) =>
      change(staff, 'created', ip, null, (inTransaction) =>
        inTransaction.insert({ ...schedule(input), staffId: staff.staffId }),
      ),
    update: (staff: Staff, id: number, input: AnnouncementText, ip: string) =>
      change(staff, 'updated', ip, id, (inTransaction) =>
        inTransaction.update(id, { ...schedule(input), staffId: staff.staffId }),
      ),
    setActive: (staff: Staff, id: number, isActive: boolean, ip: string) =>
      change(staff, isActive ? 'activated' : 'deactivated', ip, id, (inTransaction) =>
        inTransaction.update(id, { isActive, staffId: staff.staffId }),
      ),
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
