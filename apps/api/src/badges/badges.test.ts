import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badgePaths,
  type BadgeBatch,
  type BadgeStudentSearchResult,
} from '@portal/contracts/badges';
import { getDocumentProxy, extractText } from 'unpdf';
import {
  auditEvents,
  badgeBatchCards,
  badgeBatches,
  badges,
  learningAccounts,
  people,
  schoolMemberships,
  schools,
} from '../db/schema';
import { normalizeName, personNameKey } from '../registry/name-normalizer';
import {
  appCode,
  enrolAuthenticator,
  signInWithSecondFactor,
} from '../test-support/account-second-factor';
import { qrTextsOfPdf } from '../test-support/badge-pdf';
import { addStudentWithAccount } from '../test-support/badges';
import { createMailedTestApp } from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import type { TestApp } from '../test-support/test-app';
import { BADGE_QR_PREFIX } from './badge-secrets';

const PASSWORD = 'Kepala-Sekolah-2026';
const OTHER = { npsn: '20299998', name: 'SD Negeri 8 Cimahi' };
const api = '/belajar-id';
const SD = FIXTURE.sd.npsn;

let t: TestApp;
let close: () => Promise<void>;
let rp: client.Configuration;
const tokens: Record<string, string> = {};
let adminPersonId = 0;

/** A school member with an account and a password, signed in (with a second factor if asked). */
async function signedInMember(
  key: string,
  name: string,
  memberships: { npsn: string; role: 'principal' | 'operator' | 'teacher' }[],
  secondFactor: boolean,
): Promise<number> {
  const [person] = await t.database.db
    .insert(people)
    .values({
      kind: 'ptk',
      nik: `32730999${String(Object.keys(tokens).length + 1).padStart(8, '0')}`,
      fullName: name,
      nameKey: personNameKey(name),
      gender: 'P',
      birthDate: '1980-01-01',
      motherName: 'Ibu',
      motherNameKey: 'IBU',
    })
    .returning({ id: people.id });
  await t.database.db
    .insert(schoolMemberships)
    .values(memberships.map((m) => ({ personId: person!.id, ...m })));
  const email = `${personNameKey(name)
    .toLowerCase()
    .replace(/[^a-z]/g, '')}@belajar.id`;
  await t.database.db.insert(learningAccounts).values({
    email,
    kind: 'ptk',
    personId: person!.id,
    schoolLevel: 'SD',
    passwordHash: await t.app.services.hasher.hash(PASSWORD),
  });
  const signed = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
    email,
    password: PASSWORD,
  });
  tokens[key] = signed.access_token;
  if (secondFactor) {
    const { secret } = await enrolAuthenticator(t, signed.access_token);
    tokens[key] = (
      await signInWithSecondFactor(
        t,
        rp,
        { email, password: PASSWORD },
        { code: await appCode(secret, 1) },
      )
    ).access_token;
  }
  return person!.id;
}

const paths = badgePaths(SD);
const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${api}${url}`,
    headers: { authorization: `Bearer ${tokens[key]}` },
    ...(payload ? { payload } : {}),
  });
const search = async (key: string, body: object = {}, npsn = SD) => {
  const reply = await call(key, 'POST', badgePaths(npsn).students, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as BadgeStudentSearchResult;
};

async function waitForBatch(key: string, id: string): Promise<BadgeBatch> {
  for (let tries = 0; tries < 600; tries += 1) {
    const reply = await call(key, 'GET', paths.batch(id));
    const batch = reply.json().data as BadgeBatch;
    if (batch.status === 'completed') return batch;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('badge batch not completed in 2 minutes');
}

const students: Record<string, { accountId: number; personId: number }> = {};

beforeAll(async () => {
  ({ t, close } = await createMailedTestApp());
  await t.database.db.insert(schools).values({
    ...OTHER,
    nameKey: normalizeName(OTHER.name),
    level: 'SD' as const,
    regencyCode: '32.73',
  });
  rp = await discoverClient(t.app, t.config);
  adminPersonId = await signedInMember(
    'admin',
    'Hendra Gunawan',
    [{ npsn: SD, role: 'principal' }],
    true,
  );
  await signedInMember('plainAdmin', 'Rina Marlina', [{ npsn: SD, role: 'operator' }], false);
  await signedInMember('teacher', 'Agus Salim', [{ npsn: SD, role: 'teacher' }], false);
  await signedInMember(
    'otherAdmin',
    'Yusuf Maulana',
    [{ npsn: OTHER.npsn, role: 'principal' }],
    true,
  );
  for (const [key, name, grade] of [
    ['ani', 'Ani Lestari', 1],
    ['budi', 'Budi Hartono', 1],
    ['citra', 'Citra Dewi', 1],
    ['dodi', 'Dodi Firmansyah', 2],
    ['eka', 'Eka Saputra', 2],
  ] as const) {
    students[key] = await addStudentWithAccount(t, SD, name, grade);
  }
  students['other'] = await addStudentWithAccount(t, OTHER.npsn, 'Fajar Nugroho', 1);
}, 180_000);
afterAll(async () => {
  await close?.();
});

describe('who may make badges', () => {
  it("lets only the school's admin list its students, and only with a second factor make badges", async () => {
    expect((await call('admin', 'POST', paths.students, {})).statusCode).toBe(200);
    expect((await call('plainAdmin', 'POST', paths.students, {})).statusCode).toBe(200);
    for (const key of ['teacher', 'otherAdmin']) {
      const reply = await call(key, 'POST', paths.students, {});
      expect(reply.statusCode).toBe(403);
      expect(reply.body).not.toContain('Ani Lestari');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${api}${paths.students}`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);

    const body = { students: [{ accountId: String(students['ani']!.accountId) }] };
    const plain = await call('plainAdmin', 'POST', paths.batches, body);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.id).toBe('second_factor_required');
    for (const url of [paths.endAll, paths.end('1'), paths.batchPdf('1')]) {
      expect((await call('plainAdmin', 'POST', url)).statusCode).toBe(403);
    }
    expect((await call('otherAdmin', 'POST', paths.batches, body)).statusCode).toBe(403);
    expect(await t.database.db.select().from(badgeBatches)).toEqual([]);
  });

  it("refuses another school's student, a teacher's account and an unknown id, writing nothing", async () => {
    const teacherAccounts = await t.database.db
      .select({ id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.kind, 'ptk'));
    for (const accountId of [students['other']!.accountId, teacherAccounts[0]!.id, 99_999_999]) {
      const reply = await call('admin', 'POST', paths.batches, {
        students: [{ accountId: String(accountId) }],
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().error.id).toBe('badges_not_selectable');
    }
    // Through their own school's path, the other admin cannot reach this school's student.
    const reply = await call('otherAdmin', 'POST', badgePaths(OTHER.npsn).batches, {
      students: [{ accountId: String(students['ani']!.accountId) }],
    });
    expect(reply.statusCode).toBe(409);
    expect(await t.database.db.select().from(badgeBatches)).toEqual([]);
    const empty = await call('admin', 'POST', paths.batches, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Pilih minimal satu peserta didik atau satu kelas.');
    // A class that is not one, and a class without students: an Indonesian 400 each.
    const unknownClass = await call('admin', 'POST', paths.batches, { grade: 14 });
    expect(unknownClass.statusCode).toBe(400);
    expect(unknownClass.body).toContain('Kelas tidak dikenal.');
    const emptyClass = await call('admin', 'POST', paths.batches, { grade: 5 });
    expect(emptyClass.statusCode).toBe(400);
    expect(emptyClass.json().error.message).toBe(
      'Pilih minimal satu peserta didik atau satu kelas.',
    );
  });
});

describe('making badges and their PDF', () => {
  let batch: BadgeBatch;

  it('makes the badges of a whole class in the background, with progress', async () => {
    const listed = await search('admin');
    expect(listed.grades).toEqual([
      { grade: 1, students: 3 },
      { grade: 2, students: 2 },
      // The fixture's student, whose class the registry does not record.
      { grade: null, students: 1 },
    ]);
    expect(listed.items.map((s) => s.name)).toEqual([
      'Ani Lestari',
      'Budi Hartono',
      'Citra Dewi',
      'Dodi Firmansyah',
      'Eka Saputra',
      FIXTURE.student.name,
    ]);
    expect(listed.items.every((s) => s.badge === null)).toBe(true);
    expect(listed.liveBadges).toBe(0);

    const reply = await call('admin', 'POST', paths.batches, { grade: 1 });
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.headers['cache-control']).toContain('no-store');
    const submitted = reply.json().data as BadgeBatch;
    expect(submitted).toMatchObject({ status: 'processing', total: 3 });
    batch = await waitForBatch('admin', submitted.id);
    expect(batch).toMatchObject({
      status: 'completed',
      total: 3,
      made: 3,
      skipped: 0,
      pdfAvailable: true,
    });

    const after = await search('admin', { grade: 1 });
    expect(after.items.every((s) => s.badge !== null)).toBe(true);
    expect(after.liveBadges).toBe(3);
    expect((await search('admin', { badge: 'none' })).items.map((s) => s.name)).toEqual([
      'Dodi Firmansyah',
      'Eka Saputra',
      FIXTURE.student.name,
    ]);
    const list = await call('admin', 'GET', paths.batches);
    expect(list.json().data.items.map((b: BadgeBatch) => b.id)).toEqual([batch.id]);
  });

  it('downloads the PDF once: A4 pages of cards whose QR codes are the badges, never cached', async () => {
    const reply = await call('admin', 'POST', paths.batchPdf(batch.id));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['cache-control']).toContain('no-store');
    const pdf = reply.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const name of ['Ani Lestari', 'Budi Hartono', 'Citra Dewi']) expect(text).toContain(name);
    expect(text).toContain(FIXTURE.sd.name);
    expect(text).toContain('Kelas 1');
    expect(text).not.toContain('Dodi Firmansyah');

    // Three cards, each QR code a live badge of its student, each short code its own too.
    const qrTexts = qrTextsOfPdf(pdf);
    expect(qrTexts).toHaveLength(3);
    const holders = [];
    for (const qr of qrTexts) {
      expect(qr.startsWith(BADGE_QR_PREFIX)).toBe(true);
      const check = await t.app.services.badgeCredentials.checkQr(qr);
      if (!check.ok) throw new Error(`a printed QR code is refused: ${check.refusal}`);
      holders.push(check.holder.name);
    }
    expect(holders.sort()).toEqual(['Ani Lestari', 'Budi Hartono', 'Citra Dewi']);
    const codes = text.match(/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/g) ?? [];
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      expect((await t.app.services.badgeCredentials.checkShortCode(SD, code, 'test')).ok).toBe(
        true,
      );
    }

    // The secrets are forgotten with the download: a second one is refused.
    expect(await t.database.db.select().from(badgeBatchCards)).toEqual([]);
    const again = await call('admin', 'POST', paths.batchPdf(batch.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.id).toBe('badge_pdf_gone');
    expect((await call('admin', 'GET', paths.batch(batch.id))).json().data.pdfAvailable).toBe(
      false,
    );
    // No secret reached the log.
    expect(t.logs()).not.toContain(qrTexts[0]!.slice(BADGE_QR_PREFIX.length));
    expect(t.logs()).not.toContain(codes[0]);
  });

  it("is not another school's admin's to download", async () => {
    const reply = await call('admin', 'POST', paths.batches, {
      students: [{ accountId: String(students['dodi']!.accountId) }],
    });
    const made = await waitForBatch('admin', (reply.json().data as BadgeBatch).id);
    const other = await call('otherAdmin', 'POST', badgePaths(OTHER.npsn).batchPdf(made.id));
    expect(other.statusCode).toBe(404);
    expect(
      (await call('otherAdmin', 'GET', badgePaths(OTHER.npsn).batch(made.id))).statusCode,
    ).toBe(404);
    // Its secrets wait for their own admin, until their time is up.
    await t.app.services.badges.expireBadgeSecrets(Number(made.id));
    expect(await t.database.db.select().from(badgeBatchCards)).toEqual([]);
    const late = await call('admin', 'POST', paths.batchPdf(made.id));
    expect(late.json().error.id).toBe('badge_pdf_gone');
  });

  it('ends the old badge when a new one is made, and skips a student who left meanwhile', async () => {
    const before = await t.database.db
      .select({ id: badges.id })
      .from(badges)
      .where(and(eq(badges.accountId, students['ani']!.accountId)));
    expect(before).toHaveLength(1);
    await t.database.db
      .update(schoolMemberships)
      .set({ leftOn: '2026-11-01' })
      .where(eq(schoolMemberships.personId, students['citra']!.personId));
    // A batch chosen before Citra left: its job checks each student again and skips her.
    const [row] = await t.database.db
      .insert(badgeBatches)
      .values({ npsn: SD, total: 2 })
      .returning({ id: badgeBatches.id });
    const batchId = String(row!.id);
    await t.app.services.badges.processBadgeBatch(row!.id, [
      students['ani']!.accountId,
      students['citra']!.accountId,
    ]);
    const done = await waitForBatch('admin', batchId);
    expect(done).toMatchObject({ made: 1, skipped: 1 });
    const rows = await t.database.db
      .select({ endedReason: badges.endedReason })
      .from(badges)
      .where(eq(badges.accountId, students['ani']!.accountId))
      .orderBy(badges.id);
    expect(rows.map((r) => r.endedReason)).toEqual(['replaced', null]);
    // She is off the school's list, and her earlier badge is refused now that she left.
    expect((await search('admin', { query: 'Citra' })).items).toEqual([]);
    const [citraBadge] = await t.database.db
      .select({ id: badges.id })
      .from(badges)
      .where(eq(badges.accountId, students['citra']!.accountId));
    expect(await t.app.services.badgeCredentials.isLive(String(citraBadge!.id))).toBe(false);
  });

  it('ends one badge, then all, each audited', async () => {
    const live = await search('admin', { badge: 'live' });
    expect(live.items.length).toBeGreaterThan(1);
    const first = live.items[0]!;
    const ended = await call('admin', 'POST', paths.end(first.badge!.id));
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toEqual({ ended: 1 });
    expect(await t.app.services.badgeCredentials.isLive(first.badge!.id)).toBe(false);
    expect((await call('admin', 'POST', paths.end(first.badge!.id))).statusCode).toBe(404);
    // Another school's admin cannot end it through their school.
    const second = live.items[1]!;
    expect(
      (await call('otherAdmin', 'POST', badgePaths(OTHER.npsn).end(second.badge!.id))).statusCode,
    ).toBe(404);
    expect(await t.app.services.badgeCredentials.isLive(second.badge!.id)).toBe(true);

    const stillLive = await t.database.db
      .select({ id: badges.id })
      .from(badges)
      .where(and(eq(badges.npsn, SD), isNull(badges.endedAt)));
    const all = await call('admin', 'POST', paths.endAll);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.ended).toBe(stillLive.length);
    expect(await t.app.services.badgeCredentials.isLive(second.badge!.id)).toBe(false);
    expect((await search('admin')).liveBadges).toBe(0);

    await t.app.services.audit.flush();
    const events = await t.database.db
      .select({ outcome: auditEvents.outcome, personId: auditEvents.personId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'badges'),
          inArray(auditEvents.outcome, [
            'batch-requested',
            'batch-chunk-made',
            'pdf-downloaded',
            'pdf-expired',
            'ended',
            'ended-all',
          ]),
        ),
      );
    const outcomes = new Set(events.map((e) => e.outcome));
    expect([...outcomes].sort()).toEqual([
      'batch-chunk-made',
      'batch-requested',
      'ended',
      'ended-all',
      'pdf-downloaded',
      'pdf-expired',
    ]);
    expect(events.filter((e) => e.outcome === 'ended-all').map((e) => e.personId)).toEqual([
      adminPersonId,
    ]);
  });
});
