import { randomInt } from 'node:crypto';
import type { Job } from 'pg-boss';
import type { SchoolLevel } from '@portal/contracts/user-types';
import type { Db, Transaction } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { isMailLanguage, type MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { normalizeName } from '../registry/name-normalizer';
import { createAccountsRepository } from './accounts-repository';

export const ACCOUNT_CREATION_QUEUE = 'account-create';
/** The language of the request that asked for it; jobs queued before it existed have none. */
export type AccountCreationJob = { personId: number; language?: MailLanguage };
const MAX_ADDRESS_TRIES = 20;

/** `budi.santoso` from `Budi Santoso`: first and last word, ASCII letters and digits only. */
export function addressBase(fullName: string): string {
  const words = normalizeName(fullName)
    .toLowerCase()
    .split(' ')
    .map((word) => word.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  const parts = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (parts.join('.') || 'pengguna').slice(0, 40);
}

/**
 * Inserts an account at the first free address made from `base`; returns it. A student's account
 * (`pd`) may carry its initial password, which the first sign-in must replace.
 */
export async function insertUniqueAccount(
  tx: Transaction,
  values: {
    personId: number;
    base: string;
    domain: string;
    schoolLevel: SchoolLevel | null;
    kind?: 'ptk' | 'pd' | 'dinas';
    officeId?: number;
    initialPasswordHash?: string;
    /** The password the owner chose (an office at its request): no change asked at sign-in. */
    passwordHash?: string;
  },
): Promise<{ id: number; email: string }> {
  for (let attempt = 0; attempt < MAX_ADDRESS_TRIES; attempt += 1) {
    // The plain name first, then a number that grows with the tries: collisions get rarer fast.
    const suffix = attempt === 0 ? '' : String(randomInt(10 ** Math.min(1 + attempt, 6)));
    const email = `${values.base}${suffix}@${values.domain}`;
    const inserted = await createAccountsRepository(tx).insertIfFree({
      email,
      kind: values.kind ?? 'ptk',
      personId: values.personId,
      schoolLevel: values.schoolLevel,
      officeId: values.officeId ?? null,
      passwordHash: values.passwordHash,
      initialPasswordHash: values.initialPasswordHash,
    });
    if (inserted) return inserted;
  }
  throw new Error('no free address after many tries');
}

/** The queue itself, for whoever enqueues before a worker started (the registry sync command). */
export async function createAccountCreationQueue(queue: JobQueue): Promise<void> {
  await queue.createQueue(ACCOUNT_CREATION_QUEUE, {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
}

/**
 * Creates an educator's missing accounts, one per school level they teach at, and sends the
 * details to their personal e-mail, in one transaction: all of it or none of it.
 */
export async function registerAccountCreationWorker(options: {
  db: Db;
  queue: JobQueue;
  outbox: OutboxService;
  templates: MessageTemplates;
  domain: string;
}): Promise<void> {
  const { db, queue, outbox, templates, domain } = options;
  await createAccountCreationQueue(queue);
  await queue.work<AccountCreationJob>(
    ACCOUNT_CREATION_QUEUE,
    async (job: Job<AccountCreationJob>) => {
      const language = isMailLanguage(job.data.language) ? job.data.language : 'id';
      await db.transaction(async (tx) => {
        const accounts = createAccountsRepository(tx);
        const person = await accounts.lockPerson(job.data.personId);
        if (!person || person.kind !== 'ptk' || !person.personalEmail) return;
        const levels = await accounts.levelsWorkedAt(person.id);
        const existing = await accounts.accountsOf(person.id);
        const missing = levels.filter((level) => !existing.some((e) => e.schoolLevel === level));
        if (missing.length === 0) return;
        const base = addressBase(person.fullName);
        const created: { email: string; schoolLevel: string | null }[] = [];
        for (const [index, level] of missing.entries()) {
          const levelBase =
            existing.length === 0 && index === 0 ? base : `${base}.${level.toLowerCase()}`;
          const account = await insertUniqueAccount(tx, {
            personId: person.id,
            base: levelBase,
            domain,
            schoolLevel: level,
          });
          created.push({ email: account.email, schoolLevel: level });
        }
        await outbox.enqueue(
          tx,
          templates.in(language).accountCreated(person.personalEmail, created),
        );
      });
    },
  );
}
