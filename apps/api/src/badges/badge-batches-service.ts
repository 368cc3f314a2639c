import {
  BADGE_MESSAGES,
  BADGE_PAGE_SIZE,
  BADGE_PDF_HOURS,
  MAX_BADGES_PER_BATCH,
  type BadgeBatch,
  type BadgeBatchBody,
  type BadgeStudentSearchResult,
} from '@portal/contracts/badges';
import { z } from 'zod';
import type { SchoolAdmin } from '../access/caller';
import { createSealer } from '../credentials/sealing';
import { ConflictError, NotFoundError, ValidationError } from '../http/domain-errors';
import { cardLevel } from './badge-credential';
import { badgeCardsPdf } from './badge-cards-pdf';
import { createBadgeMaking } from './badge-making-service';
import {
  BADGE_BATCH_QUEUE,
  BADGE_SECRETS_EXPIRY_QUEUE,
  type BadgesDependencies,
} from './badges-dependencies';
import { createBadgesRepository } from './badges-repository';

/** Students per transaction: a crash loses at most one chunk's work, which the retry redoes. */
const CHUNK = 100;
const BATCHES_SHOWN = 10;
const PDF_SECONDS = BADGE_PDF_HOURS * 3600;

const SealedSecrets = z.object({ qr: z.string(), code: z.string() });

const batchNotFound = () =>
  new NotFoundError({ id: 'badge_batch_not_found', message: BADGE_MESSAGES.batchNotFound });

type BatchRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createBadgesRepository>['batchById']>>
>;

const batchView = (row: BatchRow): BadgeBatch => {
  const pdfAvailable = row.status === 'completed' && row.secretsClearedAt === null && row.made > 0;
  return {
    id: String(row.id),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    total: row.total,
    made: row.made,
    skipped: row.skipped,
    pdfAvailable,
    pdfExpiresAt:
      row.secretsClearedAt === null
        ? new Date(row.createdAt.getTime() + PDF_SECONDS * 1000).toISOString()
        : null,
  };
};

/**
 * A school admin's badges: choosing students, making their badges in the background, the one
 * download of the printable cards, and ending badges. Every step is audited; no secret is
 * ever logged or audited, only ids and counts.
 */
export function createBadgeBatches(deps: BadgesDependencies) {
  const { db, queue, audit } = deps;
  const making = createBadgeMaking(deps);
  // The cards' secrets wait for their one download sealed under a key of their own, bound to
  // their batch and badge: a sealed value copied to another row does not open.
  const sealer = createSealer(deps.tokenSecret, 'badge-card-secrets');
  const label = (batchId: number, badgeId: number) => `batch:${batchId}:badge:${badgeId}`;

  async function processChunk(batchId: number, npsn: string, accountIds: number[]) {
    await db.transaction(async (tx) => {
      const repository = createBadgesRepository(tx);
      const done = await repository.accountsBadgedBy(batchId);
      const cards: { batchId: number; badgeId: number; secretsSealed: string }[] = [];
      let skipped = 0;
      let replaced = 0;
      for (const accountId of accountIds) {
        if (done.has(accountId)) continue;
        // The registry may have changed since the choice: each student is checked again.
        const made = await making.makeBadgeIn(tx, accountId, npsn, batchId);
        if (!made) {
          skipped += 1;
          continue;
        }
        if (made.replaced !== undefined) replaced += 1;
        cards.push({
          batchId,
          badgeId: made.badgeId,
          secretsSealed: sealer.seal(
            label(batchId, made.badgeId),
            JSON.stringify({ qr: made.qrText, code: made.shortCode }),
          ),
        });
      }
      await repository.insertCards(cards);
      await repository.addProgress(batchId, cards.length, skipped);
      await audit.record(
        {
          action: 'badges',
          outcome: 'batch-chunk-made',
          userType: 'pd',
          target: String(batchId),
          changes: { before: { replaced }, after: { made: cards.length, skipped } },
        },
        tx,
      );
    });
  }

  return {
    /** The school's students with an account, each with their live badge and since when. */
    async searchBadgeStudents(
      admin: SchoolAdmin,
      body: {
        query: string;
        grade?: number | null | undefined;
        badge: 'any' | 'live' | 'none';
        page: number;
      },
    ): Promise<BadgeStudentSearchResult> {
      const repository = createBadgesRepository(db);
      const { items, total } = await repository.searchStudents(admin.npsn, body, body.page);
      const summary = await repository.schoolSummary(admin.npsn);
      return {
        items: items.map((row) => ({
          accountId: row.accountId,
          name: row.name,
          nisn: row.nisn,
          grade: row.grade,
          badge:
            row.badgeId === null || row.badgeSince === null
              ? null
              : { id: row.badgeId, since: new Date(row.badgeSince).toISOString() },
        })),
        total,
        page: body.page,
        pageSize: BADGE_PAGE_SIZE,
        ...summary,
      };
    },

    /**
     * Records a batch for the chosen students (a whole class, or some) and queues its job in
     * one transaction, with the job that forgets its secrets when their time is up. Every
     * chosen student must be a current student of the school with an active student account: a
     * 409 otherwise, and nothing is written.
     */
    async submitBadgeBatch(
      admin: SchoolAdmin,
      body: BadgeBatchBody,
      ip: string,
    ): Promise<BadgeBatch> {
      const repository = createBadgesRepository(db);
      let accountIds: number[];
      if (body.grade !== undefined) {
        accountIds = await repository.accountsOfGrade(admin.npsn, body.grade);
        if (accountIds.length === 0 || accountIds.length > MAX_BADGES_PER_BATCH) {
          throw new ValidationError([], {
            id: 'validation_failed',
            message:
              accountIds.length === 0
                ? BADGE_MESSAGES.emptySelection
                : BADGE_MESSAGES.selectionTooLarge,
          });
        }
      } else {
        accountIds = [...new Set((body.students ?? []).map((s) => Number(s.accountId)))].sort(
          (a, b) => a - b,
        );
        const ofSchool = await repository.schoolAccounts(admin.npsn, accountIds);
        if (ofSchool.size !== accountIds.length) {
          throw new ConflictError({
            id: 'badges_not_selectable',
            message: BADGE_MESSAGES.notSelectable,
          });
        }
      }
      const batch = await db.transaction(async (tx) => {
        const batches = createBadgesRepository(tx);
        const row = await batches.insertBatch({
          npsn: admin.npsn,
          requestedBy: admin.accountId,
          total: accountIds.length,
        });
        await queue.send(
          BADGE_BATCH_QUEUE,
          { batchId: row.id, accountIds },
          { tx, singletonKey: `badge-batch-${row.id}` },
        );
        await queue.send(
          BADGE_SECRETS_EXPIRY_QUEUE,
          { batchId: row.id },
          { tx, startAfter: PDF_SECONDS, singletonKey: `badge-secrets-${row.id}` },
        );
        await audit.record(
          {
            action: 'badges',
            outcome: 'batch-requested',
            userType: 'pd',
            personId: admin.personId,
            ip,
            target: String(row.id),
            changes: {
              before: null,
              after: { students: accountIds.length, grade: body.grade ?? null },
            },
          },
          tx,
        );
        return batches.batchById(row.id);
      });
      if (!batch) throw batchNotFound();
      return batchView(batch);
    },

    async badgeBatchOf(admin: SchoolAdmin, id: number): Promise<BadgeBatch> {
      const row = await createBadgesRepository(db).batch(admin.npsn, id);
      if (!row) throw batchNotFound();
      return batchView(row);
    },

    async listBadgeBatches(admin: SchoolAdmin): Promise<BadgeBatch[]> {
      const rows = await createBadgesRepository(db).recentBatches(admin.npsn, BATCHES_SHOWN);
      return rows.map(batchView);
    },

    /** Works a batch to its end, chunk by chunk; a retry after a crash resumes where it stopped. */
    async processBadgeBatch(batchId: number, accountIds: readonly number[]): Promise<void> {
      const batch = await createBadgesRepository(db).batchById(batchId);
      if (!batch || batch.status === 'completed') return;
      for (let start = 0; start < accountIds.length; start += CHUNK) {
        await processChunk(batchId, batch.npsn, accountIds.slice(start, start + CHUNK));
      }
      await createBadgesRepository(db).complete(batchId);
    },

    /**
     * The batch's printable cards, once: the PDF is made from the sealed secrets and, in the
     * same transaction, they are forgotten. Only the cards whose badge is still live are in it.
     */
    badgeBatchPdf(
      admin: SchoolAdmin,
      id: number,
      ip: string,
    ): Promise<{ pdf: Buffer; cards: number }> {
      return db.transaction(async (tx) => {
        const repository = createBadgesRepository(tx);
        const batch = await repository.batch(admin.npsn, id, true);
        if (!batch) throw batchNotFound();
        if (batch.status !== 'completed') {
          throw new ConflictError({
            id: 'badge_batch_not_finished',
            message: BADGE_MESSAGES.batchNotFinished,
          });
        }
        const rows = batch.secretsClearedAt === null ? await repository.cardsOf(id) : [];
        if (rows.length === 0) {
          throw new ConflictError({ id: 'badge_pdf_gone', message: BADGE_MESSAGES.pdfGone });
        }
        const cards = rows.map((row) => {
          const secrets = SealedSecrets.parse(
            JSON.parse(sealer.open(label(id, row.badgeId), row.secretsSealed)),
          );
          return {
            name: row.name,
            schoolName: row.schoolName,
            npsn: row.npsn,
            level: cardLevel(row.grade, row.schoolLevel),
            qrText: secrets.qr,
            shortCode: secrets.code,
          };
        });
        const pdf = await badgeCardsPdf(cards, `Kartu masuk ${rows[0]?.schoolName ?? ''}`);
        await repository.clearSecrets(id);
        await audit.record(
          {
            action: 'badges',
            outcome: 'pdf-downloaded',
            userType: 'pd',
            personId: admin.personId,
            ip,
            target: String(id),
            changes: { before: null, after: { cards: cards.length } },
          },
          tx,
        );
        return { pdf, cards: cards.length };
      });
    },

    /** Forgets a batch's card secrets when their time is up (its delayed job). */
    async expireBadgeSecrets(batchId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createBadgesRepository(tx);
        const batch = await repository.batchById(batchId);
        if (!batch || batch.secretsClearedAt !== null) return;
        const cleared = await repository.clearSecrets(batchId);
        await audit.record(
          {
            action: 'badges',
            outcome: 'pdf-expired',
            userType: 'pd',
            target: String(batchId),
            changes: { before: null, after: { cards: cleared } },
          },
          tx,
        );
      });
    },

    /** Ends one live badge of the school. */
    async endBadge(admin: SchoolAdmin, badgeId: number, ip: string): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        const ended = await createBadgesRepository(tx).endOne(admin.npsn, badgeId);
        if (!ended) {
          throw new NotFoundError({ id: 'badge_not_found', message: BADGE_MESSAGES.badgeNotFound });
        }
        await audit.record(
          {
            action: 'badges',
            outcome: 'ended',
            userType: 'pd',
            personId: admin.personId,
            ip,
            target: String(badgeId),
          },
          tx,
        );
        return { ended: 1 };
      });
    },

    /** Ends every live badge of the school. */
    async endAllBadges(admin: SchoolAdmin, ip: string): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        const ended = await createBadgesRepository(tx).endAll(admin.npsn);
        await audit.record(
          {
            action: 'badges',
            outcome: 'ended-all',
            userType: 'pd',
            personId: admin.personId,
            ip,
            target: admin.npsn,
            changes: { before: null, after: { ended } },
          },
          tx,
        );
        return { ended };
      });
    },
  };
}
