import { addressBase, insertUniqueAccount } from '../accounts/account-creation-jobs';
import { newInitialPassword } from './initial-passwords';
import type { SchoolAdminDependencies } from './school-admin-dependencies';
import { createStudentRequestsRepository, type ItemFailure } from './student-requests-repository';

/** Students per transaction: a crash loses at most one batch's work, which is then redone. */
const BATCH = 25;

/** The accounts a school's request asks for, made by its job. */
export function createStudentRequestProcessing({
  db,
  outbox,
  templates,
  audit,
  hasher,
  sealer,
  domain,
}: SchoolAdminDependencies) {
  /**
   * Gives the next batch of a request's waiting students their accounts, all in one transaction:
   * the account, its sealed initial password, the item's status and the student's e-mail commit
   * together or not at all. Items are locked (SKIP LOCKED), so two workers on one request never
   * take the same student. Returns how many items it settled; 0 when none is left.
   */
  async function processStudentBatch(requestId: number): Promise<number> {
    const waiting = await createStudentRequestsRepository(db).waiting(requestId, BATCH);
    if (waiting.length === 0) return 0;
    // argon2 takes tens of milliseconds a password: hashed before the transaction, not inside it.
    const passwords = new Map<number, { clear: string; hash: string }>();
    for (const { personId } of waiting) {
      const clear = newInitialPassword();
      passwords.set(personId, { clear, hash: await hasher.hash(clear) });
    }
    return db.transaction(async (tx) => {
      const requests = createStudentRequestsRepository(tx);
      const request = await requests.school(requestId);
      if (!request) return 0;
      const items = await requests.lockWaiting(
        requestId,
        waiting.map((w) => w.personId),
      );
      if (items.length === 0) return 0;
      const ids = items.map((item) => item.personId);
      const stillHere = await requests.stillEnrolled(ids, request.npsn);
      const withAccount = await requests.withStudentAccount(ids);
      for (const item of items) {
        // The registry may have changed since the request: each student is checked again.
        const failure: ItemFailure | null = !stillHere.has(item.personId)
          ? 'left_school'
          : withAccount.has(item.personId)
            ? 'has_account'
            : item.nisn === null
              ? 'no_nisn'
              : item.birthDate === null
                ? 'no_birth_date'
                : null;
        if (failure) {
          await requests.settleItem(requestId, item.personId, { status: 'failed', failure });
          continue;
        }
        const password = passwords.get(item.personId);
        if (!password) throw new Error('no password prepared for a locked item');
        const account = await insertUniqueAccount(tx, {
          personId: item.personId,
          base: addressBase(item.fullName),
          domain: domain,
          schoolLevel: null,
          kind: 'pd',
          initialPasswordHash: password.hash,
        });
        await requests.settleItem(requestId, item.personId, {
          status: 'created',
          accountId: account.id,
          initialPasswordSealed: sealer.seal(requestId, item.personId, password.clear),
        });
        if (item.personalEmail) {
          await outbox.enqueue(
            tx,
            templates
              .in('id')
              .studentAccountCreated(item.personalEmail, account.email, request.schoolName),
          );
        }
      }
      await audit.record(
        {
          action: 'student-request',
          outcome: 'batch-processed',
          userType: 'pd',
          target: String(requestId),
        },
        tx,
      );
      return items.length;
    });
  }

  /** Works a request to its end, batch by batch; a retry after a crash resumes where it stopped. */
  async function processStudentRequest(requestId: number): Promise<void> {
    for (;;) {
      const settled = await processStudentBatch(requestId);
      if (settled === 0 && (await createStudentRequestsRepository(db).completeIfDone(requestId)))
        return;
      // Items locked by another worker: it finishes them; this one waits and looks again.
      if (settled === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  return { processStudentRequest };
}
