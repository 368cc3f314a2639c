import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STUDENT_REQUEST_PATH,
  schoolAdminPaths,
  type StudentRequest,
} from '@portal/contracts/school-admin';
import {
  auditEvents,
  learningAccounts,
  oidcModels,
  people,
  schoolMemberships,
  schools,
  studentAccountRequestItems,
  studentAccountRequests,
} from '../db/schema';
import { normalizeName, personNameKey } from '../registry/name-normalizer';
import {
  createBrowser,
  discoverClient,
  postPassword,
  signIn,
  startSignIn,
} from '../test-support/platform-sign-in';
import {
  appCode,
  enrolAuthenticator,
  signInWithSecondFactor,
} from '../test-support/account-second-factor';
import { createMailedTestApp } from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import type { SmtpSink } from '../test-support/smtp-sink';
import type { TestApp } from '../test-support/test-app';

const PASSWORD = 'Kepala-Sekolah-2026';
const OTHER = { npsn: '20299999', name: 'SD Negeri 9 Cimahi' };
const BIG = { npsn: '20288888', name: 'SMP Negeri 8 Bandung' };
const api = '/belajar-id';

let t: TestApp;
let smtp: SmtpSink;
let close: () => Promise<void>;
let rp: client.Configuration;
const tokens: Record<string, string> = {};

type Person = { name: string; nisn?: string | null; birthDate?: string | null; email?: string };
let nikSerial = 0;

async function addPeople(kind: 'ptk' | 'pd', list: readonly Person[]): Promise<number[]> {
  const rows = await t.database.db
    .insert(people)
    .values(
      list.map((p) => ({
        kind,
        nik: `3273${String((nikSerial += 1)).padStart(12, '0')}`,
        nisn: kind === 'pd' ? (p.nisn === undefined ? null : p.nisn) : null,
        fullName: p.name,
        nameKey: personNameKey(p.name),
        gender: 'P' as const,
        birthDate: p.birthDate === undefined ? '2012-03-04' : p.birthDate,
        motherName: 'Ibu',
        motherNameKey: 'IBU',
        personalEmail: p.email ?? null,
      })),
    )
    .returning({ id: people.id });
  return rows.map((row) => row.id);
}

/** A person of the school with a learning account and a password, signed in: their token. */
async function signedInMember(
  key: string,
  name: string,
  memberships: { npsn: string; role: 'principal' | 'operator' | 'teacher' }[],
): Promise<void> {
  const [personId] = await addPeople('ptk', [{ name }]);
  await t.database.db
    .insert(schoolMemberships)
    .values(memberships.map((m) => ({ personId: personId!, ...m })));
  const email = `${personNameKey(name).toLowerCase()}@belajar.id`;
  await t.database.db.insert(learningAccounts).values({
    email,
    kind: 'ptk',
    personId: personId!,
    schoolLevel: 'SD',
    passwordHash: await t.app.services.hasher.hash(PASSWORD),
  });
  const signed = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
    email,
    password: PASSWORD,
  });
  tokens[key] = signed.access_token;
  // A school admin's requests, downloads and resets need a sign-in with a second factor: the
  // admins enrol an authenticator app and sign in again with it.
  if (memberships.some((m) => m.role !== 'teacher')) {
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
}

const auth = (key: string) => ({ authorization: `Bearer ${tokens[key]}` });
const paths = schoolAdminPaths(FIXTURE.sd.npsn);

const searchStudents = (key: string, body: object, npsn = FIXTURE.sd.npsn) =>
  t.app.inject({
    method: 'POST',
    url: `${api}${schoolAdminPaths(npsn).studentSearch}`,
    headers: auth(key),
    payload: body,
  });
const submit = (key: string, npsn: string, studentIds: readonly (number | string)[]) =>
  t.app.inject({
    method: 'POST',
    url: `${api}${STUDENT_REQUEST_PATH}`,
    headers: auth(key),
    payload: { npsn, students: studentIds.map((id) => ({ id: String(id) })) },
  });

async function waitForRequest(key: string, npsn: string, id: string): Promise<StudentRequest> {
  for (let tries = 0; tries < 600; tries += 1) {
    const reply = await t.app.inject({
      method: 'GET',
      url: `${api}${schoolAdminPaths(npsn).request(id)}`,
      headers: auth(key),
    });
    const request = reply.json().data as StudentRequest;
    if (request.status === 'completed') return request;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('request not completed in 2 minutes');
}

beforeAll(async () => {
  ({ t, smtp, close } = await createMailedTestApp());
  await t.database.db.insert(schools).values(
    [OTHER, BIG].map((s) => ({
      ...s,
      nameKey: normalizeName(s.name),
      level: 'SD' as const,
      regencyCode: '32.73',
    })),
  );
  rp = await discoverClient(t.app, t.config);
  await signedInMember('principal', 'Hendra Gunawan', [
    { npsn: FIXTURE.sd.npsn, role: 'principal' },
  ]);
  await signedInMember('operator', 'Rina Marlina', [
    { npsn: FIXTURE.sd.npsn, role: 'operator' },
    { npsn: BIG.npsn, role: 'operator' },
  ]);
  await signedInMember('teacher', 'Agus Salim', [{ npsn: FIXTURE.sd.npsn, role: 'teacher' }]);
  await signedInMember('otherAdmin', 'Yusuf Maulana', [{ npsn: OTHER.npsn, role: 'principal' }]);
  await t.database.db
    .update(learningAccounts)
    .set({ passwordHash: await t.app.services.hasher.hash(PASSWORD) })
    .where(eq(learningAccounts.email, FIXTURE.student.accounts[0]!));
  tokens['student'] = (
    await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.student.accounts[0]!,
      password: PASSWORD,
    })
  ).access_token;
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('who may see and request', () => {
  it('lets the principal and the operator list the students, nobody else', async () => {
    for (const key of ['principal', 'operator']) {
      expect((await searchStudents(key, {})).statusCode).toBe(200);
    }
    for (const key of ['teacher', 'otherAdmin', 'student']) {
      const reply = await searchStudents(key, {});
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error.id).toBe('not_school_admin');
      expect(reply.body).not.toContain(FIXTURE.student.name);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${api}${paths.studentSearch}`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a request from anyone but the school admin, writing nothing', async () => {
    const [studentId] = await addPeople('pd', [{ name: 'Dinda Kirana', nisn: '0011111111' }]);
    await t.database.db
      .insert(schoolMemberships)
      .values({ personId: studentId!, npsn: FIXTURE.sd.npsn, role: 'student' });
    for (const key of ['teacher', 'otherAdmin', 'student']) {
      expect((await submit(key, FIXTURE.sd.npsn, [studentId!])).statusCode).toBe(403);
    }
    const items = await t.database.db
      .select()
      .from(studentAccountRequestItems)
      .where(eq(studentAccountRequestItems.personId, studentId!));
    expect(items).toEqual([]);
    // The principal of another school cannot request a student of this one through their own.
    const reply = await submit('otherAdmin', OTHER.npsn, [studentId!]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.id).toBe('students_not_requestable');
  });
});

describe('the listing', () => {
  it('shows each student without an account with the reason it cannot be requested', async () => {
    const [eligible, noNisn, noBirth, left] = await addPeople('pd', [
      { name: 'Bayu Pratama', nisn: '0022222221' },
      { name: 'Bayu Saputra', nisn: null },
      { name: 'Bayu Setiawan', nisn: '0022222223', birthDate: null },
      { name: 'Bayu Wibowo', nisn: '0022222224' },
    ]);
    await t.database.db.insert(schoolMemberships).values([
      { personId: eligible!, npsn: FIXTURE.sd.npsn, role: 'student' },
      { personId: noNisn!, npsn: FIXTURE.sd.npsn, role: 'student' },
      { personId: noBirth!, npsn: FIXTURE.sd.npsn, role: 'student' },
      { personId: left!, npsn: FIXTURE.sd.npsn, role: 'student', leftOn: '2025-06-30' },
    ]);
    const reply = await searchStudents('principal', { query: 'bayu', withEligibleIds: true });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { data } = reply.json();
    expect(data.items).toEqual([
      { id: String(eligible), name: 'Bayu Pratama', nisn: '0022222221', reason: null },
      { id: String(noNisn), name: 'Bayu Saputra', nisn: null, reason: 'no_nisn' },
      { id: String(noBirth), name: 'Bayu Setiawan', nisn: '0022222223', reason: 'no_birth_date' },
      { id: String(left), name: 'Bayu Wibowo', nisn: '0022222224', reason: 'left_school' },
    ]);
    expect(data.eligibleIds).toEqual([String(eligible)]);
    // By NISN digits, and never a student who has an account already.
    const byNisn = (await searchStudents('principal', { query: '002222222' })).json().data;
    expect(byNisn.total).toBe(3);
    const all = (await searchStudents('principal', { query: 'putri' })).json().data;
    expect(all.items).toEqual([]);
    for (const id of [noNisn, noBirth, left]) {
      const refused = await submit('principal', FIXTURE.sd.npsn, [eligible!, id!]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('tidak dapat diajukan');
    }
    // Requested and still waiting for the job: listed as already requested.
    const [waiting] = await addPeople('pd', [{ name: 'Bayu Utama', nisn: '0022222225' }]);
    await t.database.db
      .insert(schoolMemberships)
      .values({ personId: waiting!, npsn: FIXTURE.sd.npsn, role: 'student' });
    const [pending] = await t.database.db
      .insert(studentAccountRequests)
      .values({ npsn: FIXTURE.sd.npsn, requestedBy: 1, selectionKey: 'test', total: 1 })
      .returning({ id: studentAccountRequests.id });
    await t.database.db
      .insert(studentAccountRequestItems)
      .values({ requestId: pending!.id, personId: waiting! });
    const listedWaiting = (await searchStudents('principal', { query: 'bayu utama' })).json().data;
    expect(listedWaiting.items).toEqual([
      { id: String(waiting), name: 'Bayu Utama', nisn: '0022222225', reason: 'already_requested' },
    ]);
    expect((await submit('principal', FIXTURE.sd.npsn, [waiting!])).statusCode).toBe(400);
    await t.database.db
      .delete(studentAccountRequests)
      .where(eq(studentAccountRequests.id, pending!.id));
    // Granted: the student has an account now and leaves the list.
    const submitted = await submit('principal', FIXTURE.sd.npsn, [eligible!]);
    expect(submitted.statusCode).toBe(202);
    await waitForRequest('principal', FIXTURE.sd.npsn, submitted.json().data.id);
    const granted = (await searchStudents('principal', { query: 'bayu pratama' })).json().data;
    expect(granted.items).toEqual([]);
  });
});

describe('a request of 1,000 students', () => {
  let requestId: string;
  let studentIds: number[];
  let studentMail: string;

  beforeAll(async () => {
    // Half share one name: their addresses collide and are made unique as for educators.
    studentIds = await addPeople(
      'pd',
      Array.from({ length: 1000 }, (_, i) => ({
        name:
          i % 2 === 0 ? 'Siti Rahmawati' : `Andi Nugroho ${String.fromCharCode(65 + (i % 26))}${i}`,
        nisn: String(1_000_000_000 + i).padStart(10, '0'),
        email: i < 3 ? `murid${i}@example.com` : undefined,
      })),
    );
    await t.database.db
      .insert(schoolMemberships)
      .values(
        studentIds.map((personId) => ({ personId, npsn: BIG.npsn, role: 'student' as const })),
      );
  });

  it('pages the school of 1,000 students and answers bad input with a 400 in Indonesian', async () => {
    const page2 = (await searchStudents('operator', { page: 2 }, BIG.npsn)).json().data;
    expect(page2).toMatchObject({ page: 2, pageSize: 50, total: 1000 });
    expect(page2.items).toHaveLength(50);
    const names = (await searchStudents('operator', { query: 'rahmawati' }, BIG.npsn)).json().data;
    expect(names.total).toBe(500);
    const past = (await searchStudents('operator', { page: 99 }, BIG.npsn)).json().data;
    expect(past).toMatchObject({ items: [], total: 1000 });
    for (const body of [{ page: 0 }, { page: 'x' }, { query: 'a'.repeat(101) }, { query: 5 }]) {
      const reply = await searchStudents('principal', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/[a-z]/);
    }
    const badPath = await t.app.inject({
      method: 'POST',
      url: `${api}${schoolAdminPaths('abc').studentSearch}`,
      headers: auth('principal'),
      payload: {},
    });
    expect(badPath.statusCode).toBe(400);
  });

  it('creates every account once, with unique addresses, and survives a crash halfway', async () => {
    const listed = (await searchStudents('operator', { withEligibleIds: true }, BIG.npsn)).json()
      .data;
    expect(listed.total).toBe(1000);
    expect(listed.eligibleIds).toHaveLength(1000);
    // The job's transaction dies halfway once (as if its process were killed), then is retried.
    const enqueue = t.app.services.outbox.enqueue;
    let calls = 0;
    const crash = vi.spyOn(t.app.services.outbox, 'enqueue').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('the process died here');
      return enqueue(...args);
    });
    const first = await submit('operator', BIG.npsn, listed.eligibleIds);
    expect(first.statusCode).toBe(202);
    requestId = first.json().data.id;
    expect(first.json().data).toMatchObject({ total: 1000, status: 'processing' });
    // The same selection again (a double click, a retry): the same request, nothing new.
    const second = await submit('operator', BIG.npsn, [...listed.eligibleIds].reverse());
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(requestId);
    const done = await waitForRequest('operator', BIG.npsn, requestId);
    crash.mockRestore();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(done).toMatchObject({ total: 1000, created: 1000, failed: 0, passwordsAvailable: true });
    const accounts = await t.database.db
      .select({ email: learningAccounts.email, personId: learningAccounts.personId })
      .from(learningAccounts)
      .where(inArray(learningAccounts.personId, studentIds));
    expect(accounts).toHaveLength(1000);
    expect(new Set(accounts.map((a) => a.personId)).size).toBe(1000);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(1000);
    expect(accounts.filter((a) => a.email.startsWith('siti.rahmawati')).length).toBe(500);
    // The students with a personal e-mail are told, once each.
    studentMail = (await smtp.waitFor('murid0@example.com')).text ?? '';
    expect(studentMail).toContain(BIG.name);
  }, 180_000);

  it('gives the initial passwords in the first CSV only, and they sign in to a forced change', async () => {
    const csvUrl = `${api}${schoolAdminPaths(BIG.npsn).requestCsv(requestId)}`;
    const first = await t.app.inject({ method: 'POST', url: csvUrl, headers: auth('operator') });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toContain('attachment');
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = first.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Nama,NISN,Akun,Kata Sandi Awal');
    expect(lines).toHaveLength(1001);
    const [name, nisn, email, password] = lines[1]!.split(',') as [string, string, string, string];
    expect(name).toMatch(/^Andi Nugroho/);
    expect(nisn).toMatch(/^\d{10}$/);
    expect(password).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
    // The e-mail to a student names the account, never a password.
    expect(studentMail).toContain('@belajar.id');
    for (const line of lines.slice(1)) expect(studentMail).not.toContain(line.split(',')[3]);
    const [account] = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.email, email));
    expect(account?.mustChangePassword).toBe(true);
    expect(await t.app.services.hasher.verify(account!.passwordHash!, password)).toBe(true);
    // Nothing sealed is left, and the second download is the list without passwords.
    const sealed = await t.database.db
      .select()
      .from(studentAccountRequestItems)
      .where(
        and(
          eq(studentAccountRequestItems.requestId, Number(requestId)),
          sql`${studentAccountRequestItems.initialPasswordSealed} IS NOT NULL`,
        ),
      );
    expect(sealed).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: csvUrl, headers: auth('operator') });
    expect(again.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Nama,NISN,Akun');
    expect(again.body).not.toContain(password);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `${api}${schoolAdminPaths(BIG.npsn).requests}`,
        headers: auth('operator'),
      })
    ).json().data.items as StudentRequest[];
    expect(listed.find((r) => r.id === requestId)?.passwordsAvailable).toBe(false);
    // Another school's admin sees neither the request nor its file.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${api}${schoolAdminPaths(BIG.npsn).requestCsv(requestId)}`,
      headers: auth('principal'),
    });
    expect(foreign.statusCode).toBe(403);
    // The student signs in with it and must choose a new password first.
    const browser = createBrowser(t.app, t.config.oidc.issuer);
    const started = await startSignIn(rp, t.config, browser);
    const posted = await postPassword(browser, t.config, started.uid, { email, password });
    expect(posted.json()).toEqual({ step: 'new-password' });
  });

  it('refuses a request that overlaps one already made, and keeps processing exactly once', async () => {
    const overlap = await submit('operator', BIG.npsn, studentIds.slice(0, 2));
    expect(overlap.statusCode).toBe(400);
    // Two workers on one request at once (a retry while the first still runs): each student once.
    const [a, b] = await addPeople('pd', [
      { name: 'Eka Putra', nisn: '0033333331' },
      { name: 'Eko Putro', nisn: '0033333332' },
    ]);
    await t.database.db.insert(schoolMemberships).values([
      { personId: a!, npsn: BIG.npsn, role: 'student' },
      { personId: b!, npsn: BIG.npsn, role: 'student' },
    ]);
    const reply = await submit('operator', BIG.npsn, [a!, b!]);
    const id = Number(reply.json().data.id);
    const { schoolAdmin } = t.app.services;
    await Promise.all([
      schoolAdmin.processStudentRequest(id),
      schoolAdmin.processStudentRequest(id),
    ]);
    const made = await t.database.db
      .select()
      .from(learningAccounts)
      .where(inArray(learningAccounts.personId, [a!, b!]));
    expect(made).toHaveLength(2);
  });
});

describe("the admin portal's accounts", () => {
  it("finds the school's student accounts and resets one to a new initial password, shown once", async () => {
    const found = await t.app.inject({
      method: 'POST',
      url: `${api}${paths.accountSearch}`,
      headers: auth('principal'),
      payload: { query: 'nuraini' },
    });
    expect(found.statusCode).toBe(200);
    const [account] = found.json().data.items;
    expect(account).toMatchObject({
      name: FIXTURE.student.name,
      email: FIXTURE.student.accounts[0],
    });
    // The student is signed in now: the reset ends that session.
    const before = await t.database.db
      .select()
      .from(oidcModels)
      .where(eq(oidcModels.accountId, account.id));
    expect(before.length).toBeGreaterThan(0);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${api}${paths.accountPasswordReset(account.id)}`,
      headers: auth('principal'),
    });
    expect(reset.statusCode).toBe(200);
    const { initialPassword, email } = reset.json().data;
    expect(email).toBe(FIXTURE.student.accounts[0]);
    const [stored] = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.email, email));
    expect(stored?.mustChangePassword).toBe(true);
    expect(await t.app.services.hasher.verify(stored!.passwordHash!, initialPassword)).toBe(true);
    expect(stored?.passwordHash).not.toContain(initialPassword);
    const after = await t.database.db
      .select()
      .from(oidcModels)
      .where(eq(oidcModels.accountId, account.id));
    expect(after).toEqual([]);
    // A teacher, an admin of another school, and an account of another school: refused.
    for (const key of ['teacher', 'otherAdmin']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `${api}${paths.accountPasswordReset(account.id)}`,
        headers: auth(key),
      });
      expect(refused.statusCode).toBe(403);
    }
    const [teacherAccount] = await t.database.db
      .select({ id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, FIXTURE.teacher.accounts[0]!));
    const notStudent = await t.app.inject({
      method: 'POST',
      url: `${api}${paths.accountPasswordReset(String(teacherAccount!.id))}`,
      headers: auth('principal'),
    });
    expect(notStudent.statusCode).toBe(404);
  });

  it('audits requests, downloads and resets without personal data in clear', async () => {
    await t.app.services.audit.flush();
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ['student-request', 'student-password-reset']));
    const kinds = new Set(rows.map((row) => `${row.action}:${row.outcome}`));
    for (const kind of [
      'student-request:submitted',
      'student-request:downloaded-with-passwords',
      'student-request:downloaded-list',
      'student-password-reset:reset-by-school',
    ]) {
      expect(kinds).toContain(kind);
    }
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(FIXTURE.student.accounts[0]);
    expect(stored).not.toContain('Siti');
    const requests = await t.database.db
      .select({ personId: studentAccountRequestItems.personId })
      .from(studentAccountRequestItems)
      .where(and(eq(studentAccountRequestItems.status, 'created')));
    expect(requests.length).toBeGreaterThanOrEqual(1003);
  });
});

/** The cells of an RFC 4180 file with its quotes undone: what a spreadsheet reads from it. */
function cellsOf(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i]!;
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && csv[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

describe('the CSV in a spreadsheet', () => {
  it('starts no cell with a formula, names included, and writes each NISN as its digits', async () => {
    const names = [
      '=HYPERLINK Budi',
      '+Dewi Lestari',
      '-Rudi Hartono',
      '@Putu Ayu',
      '\tRini Susanti',
      'Nur "Ani", Wati',
    ];
    const nisns = names.map((_, i) => `007770000${i}`);
    const ids = await addPeople(
      'pd',
      names.map((name, i) => ({ name, nisn: nisns[i] })),
    );
    await t.database.db
      .insert(schoolMemberships)
      .values(ids.map((personId) => ({ personId, npsn: OTHER.npsn, role: 'student' as const })));
    const submitted = await submit('otherAdmin', OTHER.npsn, ids);
    expect(submitted.statusCode).toBe(202);
    const requestId = submitted.json().data.id as string;
    await waitForRequest('otherAdmin', OTHER.npsn, requestId);
    const csvUrl = `${api}${schoolAdminPaths(OTHER.npsn).requestCsv(requestId)}`;
    // The one download with the initial passwords, then the list without them.
    for (const columns of [4, 3]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: csvUrl,
        headers: auth('otherAdmin'),
      });
      expect(reply.statusCode).toBe(200);
      const rows = cellsOf(reply.body.replace(/^\uFEFF/, ''));
      expect(rows).toHaveLength(names.length + 1);
      for (const row of rows) {
        expect(row).toHaveLength(columns);
        for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
      const byNisn = new Map(rows.slice(1).map((row) => [row[1], row[0]]));
      // Plain digits, leading zeros kept, no `="…"` formula around them.
      expect([...byNisn.keys()].sort()).toEqual(nisns);
      names.forEach((name, i) =>
        expect(byNisn.get(nisns[i])).toBe(/^[=+\-@\t]/.test(name) ? `'${name}` : name),
      );
    }
  });
});
