import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { expect, it } from 'vitest';
import { CHANGE_EMAIL_CONFIRM_PATH, LOOKUP_BASE } from '@portal/contracts/account-lookup';
import { OFFICE_REQUEST_PATHS, PRIVATE_UPLOAD_PATH } from '@portal/contracts/office-request';
import { RESET_PATHS, accountEmailField } from '@portal/contracts/password-reset';
import { STUDENT_REQUEST_PATH, schoolAdminPaths } from '@portal/contracts/school-admin';
import { createPasswordHasher } from '../src/credentials/password-hasher';
import { STUDENT_REQUEST_QUEUE } from '../src/school-admin/school-admin-dependencies';
import { enrolAuthenticatorOverHttp, signInOverHttp } from '../src/test-support/http-sign-in';
import { officeRequestBody } from '../src/test-support/office-request-body';
import { onePagePdf } from '../src/test-support/pdf-fixture';
import { createSmtpSink, freePort } from '../src/test-support/smtp-sink';
import {
  schoolsWithWaitingStudents,
  studentsWithAccounts,
  teachersToLookUp,
  type ResetAccount,
  type Student,
  type Teacher,
} from './kill-instance-people';

// `kill -9` of an instance in the middle of mixed submissions, taking turns:
// - account details sent by e-mail (a lookup, then the request);
// - office account requests (a letter upload, then the request);
// - password resets (verify, send the code, the code read from its mail, validate, set);
// - changes of personal e-mail (a lookup, the change, both codes read from the mails to the
//   new and the old address, the confirmation);
// - bulk student requests of a few students each, by school admins signed in through the
//   real provider before the run (no request key in the contract: the selection is the key).
// Every submission the API acknowledged is stored and completed once the instance is back, and
// nothing is half-written or done twice: office requests stored once with their letter;
// passwords changed exactly where a reset was completed, each session consumed, one notice
// each; e-mail addresses changed exactly where a change was confirmed, one notice each; every
// student of a request with exactly one account and every request complete, also a request
// whose job the kill interrupted; every e-mail delivered, once by Message-ID. Every
// submission begun after the restart is acknowledged. FAULT_SUBMISSIONS (default 1000),
// killed after a third is acknowledged; the demo registry grows with it (every submission
// is for a person of its own). A bulk request whose job the killed instance was running is
// resumed once the job misses its heartbeat (the queue's heartbeatSeconds): the run waits.
const SUBMISSIONS = Number(process.env['FAULT_SUBMISSIONS'] ?? 1000);
const CONCURRENCY = 16;
const PRODUCT = 'belajar';
const api = `/${PRODUCT}-id`;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const KINDS = ['details', 'office', 'reset', 'email-change', 'bulk'] as const;
type Kind = (typeof KINDS)[number];
/** How many of the submissions are of `kind`: the kinds take turns. */
const share = (kind: Kind) =>
  Math.max(0, Math.ceil((SUBMISSIONS - KINDS.indexOf(kind)) / KINDS.length));
const STUDENTS_PER_REQUEST = 3;
// A school of the generated registry has a few dozen students waiting for an account at most,
// and every kind needs people of its own: the demo registry grows with the run.
const DEMO_PEOPLE = Math.max(5_000, SUBMISSIONS * 50);
// A code mail the killed instance had claimed goes out again within about a minute.
const MAIL_WAIT_MS = 300_000;
// The first words of the subjects the test reads codes from (the code ends the subject).
const SUBJECTS = {
  resetCode: 'Kode OTP atur ulang kata sandi',
  newAddressCode: 'Kode verifikasi email pribadi',
  currentAddressCode: 'Persetujuan mengganti email pribadi',
  details: 'Informasi Akun',
};

type SchoolAdmin = { npsn: string; email: string; password: string; visitor: number };
type SignedInAdmin = SchoolAdmin & { token: Promise<string>; studentIds: string[] };
type BulkRequest = { admin: SignedInAdmin; students: string[] };

type Acknowledged =
  | { kind: 'details' }
  | { kind: 'office'; key: string; recipient: string }
  | { kind: 'reset'; student: Student; sessionId: string; password: string }
  | { kind: 'email-change'; student: Student; newEmail: string }
  | { kind: 'bulk'; requestId: number; students: string[] };

const recipientsOf = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => (to ? to.value.map((v) => v.address?.toLowerCase() ?? '') : []));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.floor(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

async function startInstance(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/node'),
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    { cwd: repoRoot, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 600; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the instance did not become ready');
}

/** Polls `count` until it answers 0 or `seconds` have passed; its last answer. */
async function untilNone(count: () => Promise<number>, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const left = await count();
    if (left === 0 || Date.now() > until) return left;
    await sleep(1000);
  }
}

it(`keeps every acknowledged submission of ${SUBMISSIONS} through a kill -9`, async () => {
  const adminUrl = process.env['DATABASE_URL']!;
  const name = `portal_fault_kill_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const smtp = await createSmtpSink();
  await smtp.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    DEMO_PEOPLE: String(DEMO_PEOPLE),
    // The provider's issuer and the API's audience: where the admins sign in.
    PUBLIC_URL: base,
    BOT_CHECK: 'off',
    LOG_LEVEL: 'error',
    TRUST_PROXY: '127.0.0.1',
    JOB_POLLING_SECONDS: '0.5',
    WEB_BUILD_DIR: '/nonexistent',
    UPLOAD_DIR: path.join('/tmp', `${name}-uploads`),
    LOOKUP_LIMIT_PER_IP_PER_MINUTE: '100000000',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '100000000',
  };
  delete env['REDIS_URL'];
  const runStarted = performance.now();
  let instance = await startInstance(env, port);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const count = async (sql: string, params: unknown[] = []) =>
      Number((await db.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
    const demo = (await (await fetch(`${base}/dev/demo-identities`)).json()) as {
      referralCode: string;
      identities: { userType: string; npsn: string | null }[];
      signIn: { role: string; email: string; password: string }[];
    };
    const teachers: Teacher[] = await teachersToLookUp(db, share('details'));
    // Every other student resets a password, the rest change their e-mail.
    const students = await studentsWithAccounts(db, share('reset') + share('email-change'));
    const resetting = students.filter((_, i) => i % 2 === 0);
    const changing = students.filter((_, i) => i % 2 === 1);
    expect(teachers.length, 'teachers in the registry').toBe(share('details'));
    expect(resetting.length, 'students in the registry').toBe(share('reset'));
    expect(changing.length, 'students in the registry').toBe(share('email-change'));
    const letter = onePagePdf('Permohonan akun dinas');
    // Each submission from a visitor of its own behind the load balancer, as in production:
    // the per-address limits count each visitor, not the test.
    const visitor = (n: number) => ({
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    const post = (n: number, url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${api}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...visitor(n), ...headers },
        body: JSON.stringify(body),
      });
    const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

    /** A refusal while the instance was up is a fault of the run itself: say it, once each. */
    const refusals = new Map<string, string>();
    const refused = async (step: string, response: Response) => {
      if (!refusals.has(step))
        refusals.set(step, `${response.status} ${(await response.text()).slice(0, 300)}`);
      return null;
    };
    const missing = (step: string) => {
      if (!refusals.has(step)) refusals.set(step, `nothing within ${MAIL_WAIT_MS / 1000} s`);
      return null;
    };

    /** The code of the first mail to `to` whose subject starts with `subject`, once it came. */
    async function codeMailed(to: string, subject: string): Promise<string | null> {
      const address = to.toLowerCase();
      const until = Date.now() + MAIL_WAIT_MS;
      // Messages only ever arrive at the end: each is looked at once.
      for (let seen = 0; Date.now() < until; await sleep(200)) {
        for (; seen < smtp.messages.length; seen += 1) {
          const mail = smtp.messages[seen]!;
          if (mail.subject?.startsWith(subject) && recipientsOf(mail).includes(address))
            return /(\d{6})$/.exec(mail.subject)?.[1] ?? null;
        }
      }
      return null;
    }

    /** A reset through the API as its visitor makes it; the session id once the password is set. */
    async function resetPassword(n: number, account: ResetAccount, password: string) {
      const verified = await post(n, RESET_PATHS.verify, {
        [accountEmailField(PRODUCT)]: account.accountEmail,
        dob: account.birthDate,
      });
      if (!verified.ok) return refused('reset verify', verified);
      const { token } = await dataOf<{ token: string }>(verified);
      const sent = await post(n, RESET_PATHS.sendOtp, { token, metode: 'email' });
      if (!sent.ok) return refused('reset send-otp', sent);
      const { session_id: sessionId } = await dataOf<{ session_id: string }>(sent);
      const otp = await codeMailed(account.personalEmail, SUBJECTS.resetCode);
      if (!otp) return missing('reset code mail');
      const validated = await post(n, RESET_PATHS.validateOtp, { session_id: sessionId, otp });
      if (!validated.ok) return refused('reset validate-otp', validated);
      const set = await post(n, RESET_PATHS.setPassword, {
        session_id: sessionId,
        password,
        password_confirmation: password,
      });
      return set.ok ? sessionId : refused('reset set-password', set);
    }

    // School admins of the schools with the most students waiting: the demo's signs in with
    // the demo password, the others first choose one through the reset as anyone would.
    const schools = await schoolsWithWaitingStudents(db);
    const demoAdmin = demo.signIn.find((account) => account.role === 'school-admin');
    const demoSchool = demo.identities.find((identity) => identity.userType === 'pd')?.npsn;
    const chosen: { npsn: string; account: ResetAccount | null }[] = [];
    let requestable = 0;
    for (const school of schools) {
      if (requestable >= share('bulk')) break;
      const isDemo = school.npsn === demoSchool && demoAdmin !== undefined;
      if (!isDemo && !school.admin) continue;
      chosen.push({ npsn: school.npsn, account: isDemo ? null : school.admin });
      requestable += Math.floor(school.waiting / STUDENTS_PER_REQUEST);
    }
    const signIn = (account: SchoolAdmin, totpSecret?: string) =>
      signInOverHttp(
        base,
        { email: account.email, password: account.password },
        visitor(account.visitor),
        totpSecret,
      );
    /** A school's admin with a password, signed in, and the students it may request. */
    async function prepareAdmin(npsn: string, account: ResetAccount | null, n: number) {
      let schoolAdmin: SchoolAdmin;
      if (account) {
        const password = `Kepala-Sekolah-${npsn}-Uji`;
        if (!(await resetPassword(n, account, password)))
          throw new Error(`a school admin got no password: ${[...refusals].join('; ')}`);
        schoolAdmin = { npsn, email: account.accountEmail, password, visitor: n };
      } else {
        schoolAdmin = { npsn, email: demoAdmin!.email, password: demoAdmin!.password, visitor: n };
      }
      // The school admin's routes take a session with the second factor: the app is enrolled
      // from a password session, as on the sign-in methods page, then the admin signs in again.
      const passwordOnly = await signIn(schoolAdmin);
      const totpSecret = await enrolAuthenticatorOverHttp(base + api, passwordOnly, visitor(n));
      const token = signIn(schoolAdmin, totpSecret);
      const search = await post(
        n,
        schoolAdminPaths(npsn).studentSearch,
        { query: '', page: 1, withEligibleIds: true },
        { authorization: `Bearer ${await token}` },
      );
      expect(search.status, 'the school admin lists the students').toBe(200);
      const { eligibleIds = [] } = await dataOf<{ eligibleIds?: string[] }>(search);
      return { ...schoolAdmin, token, studentIds: eligibleIds };
    }
    const admins: SignedInAdmin[] = [];
    // A few at a time: each waits for its code mail.
    for (let i = 0; i < chosen.length; i += 8) {
      admins.push(
        ...(await Promise.all(
          chosen
            .slice(i, i + 8)
            .map(({ npsn, account }, j) => prepareAdmin(npsn, account, SUBMISSIONS + i + j)),
        )),
      );
    }
    // Requests of different schools take turns, as schools submit at the same time.
    const bySchool = admins.map((a) =>
      chunks(a.studentIds, STUDENTS_PER_REQUEST).map((ids) => ({ admin: a, students: ids })),
    );
    const bulkRequests: BulkRequest[] = [];
    for (let i = 0; bySchool.some((requests) => i < requests.length); i += 1) {
      for (const requests of bySchool) if (requests[i]) bulkRequests.push(requests[i]!);
    }
    bulkRequests.length = Math.min(bulkRequests.length, share('bulk'));
    expect(bulkRequests.length, 'students waiting for an account').toBe(share('bulk'));
    const preparedIn = (performance.now() - runStarted) / 1000;

    async function lookUpDetails(n: number, teacher: Teacher): Promise<Acknowledged | null> {
      const found = await post(n, `${LOOKUP_BASE}/ptk`, {
        npsn: teacher.npsn,
        name: teacher.fullName,
        birthDate: teacher.birthDate,
        motherName: teacher.motherName,
      });
      if (!found.ok) return refused('lookup', found);
      const { token } = await dataOf<{ token: string }>(found);
      const sent = await post(
        n,
        `${LOOKUP_BASE}/request-password`,
        {},
        { authorization: `Bearer ${token}` },
      );
      return sent.ok ? { kind: 'details' } : refused('details', sent);
    }

    async function requestOffice(n: number): Promise<Acknowledged | null> {
      const form = new FormData();
      form.append('file', new Blob([letter], { type: 'application/pdf' }), 'surat.pdf');
      const uploaded = await fetch(`${base}${api}${PRIVATE_UPLOAD_PATH}`, {
        method: 'POST',
        headers: visitor(n),
        body: form,
      });
      if (!uploaded.ok) return refused('upload', uploaded);
      const { url } = await dataOf<{ url: string }>(uploaded);
      const requestKey = randomUUID();
      const requested = await post(
        n,
        OFFICE_REQUEST_PATHS.request,
        officeRequestBody(url, {
          requestKey,
          nik: `327301450680${String(n).padStart(4, '0')}`,
          email: `dinas${n}@example.org`,
          referralCode: demo.referralCode,
          nomorSuratDinas: `421/${n}/2026`,
        }),
      );
      return requested.ok
        ? { kind: 'office', key: requestKey, recipient: `dinas${n}@example.org` }
        : refused('office request', requested);
    }

    async function reset(n: number, student: Student): Promise<Acknowledged | null> {
      const password = `Pulih-Sandi-${n}-Malam`;
      const sessionId = await resetPassword(n, student, password);
      return sessionId ? { kind: 'reset', student, sessionId, password } : null;
    }

    async function changeEmail(n: number, student: Student): Promise<Acknowledged | null> {
      const found = await post(n, `${LOOKUP_BASE}/pd`, {
        npsn: student.npsn,
        name: student.fullName,
        birthDate: student.birthDate,
        motherName: student.motherName,
      });
      if (!found.ok) return refused('e-mail change lookup', found);
      const auth = { authorization: `Bearer ${(await dataOf<{ token: string }>(found)).token}` };
      const newEmail = `pribadi.baru${n}@example.net`;
      const started = await post(n, `${LOOKUP_BASE}/change-email`, { email: newEmail }, auth);
      if (!started.ok) return refused('e-mail change', started);
      const [code, codeCurrent] = await Promise.all([
        codeMailed(newEmail, SUBJECTS.newAddressCode),
        codeMailed(student.personalEmail, SUBJECTS.currentAddressCode),
      ]);
      if (!code || !codeCurrent) return missing('e-mail change code mails');
      const confirmed = await post(
        n,
        CHANGE_EMAIL_CONFIRM_PATH,
        { code, code_current: codeCurrent },
        auth,
      );
      return confirmed.ok
        ? { kind: 'email-change', student, newEmail }
        : refused('e-mail change confirmation', confirmed);
    }

    let signInsAgain = 0;
    async function requestStudents(n: number, request: BulkRequest): Promise<Acknowledged | null> {
      const send = (token: string) =>
        post(
          n,
          STUDENT_REQUEST_PATH,
          { npsn: request.admin.npsn, students: request.students.map((id) => ({ id })) },
          { authorization: `Bearer ${token}` },
        );
      const held = request.admin.token;
      let answer = await send(await held);
      if (answer.status === 401) {
        // The token lapsed or did not survive the restart: the admin signs in again, once.
        if (request.admin.token === held) {
          request.admin.token = signIn(request.admin);
          signInsAgain += 1;
        }
        answer = await send(await request.admin.token);
      }
      if (!answer.ok) return refused('bulk request', answer);
      const { id } = await dataOf<{ id: string }>(answer);
      return { kind: 'bulk', requestId: Number(id), students: request.students };
    }

    /** One submission; its acknowledgement (what the API said it stored), or null. */
    async function submit(n: number): Promise<Acknowledged | null> {
      const turn = Math.floor(n / KINDS.length);
      const kind = KINDS[n % KINDS.length]!;
      try {
        if (kind === 'details') return await lookUpDetails(n, teachers[turn]!);
        if (kind === 'office') return await requestOffice(n);
        if (kind === 'reset') return await reset(n, resetting[turn]!);
        if (kind === 'email-change') return await changeEmail(n, changing[turn]!);
        return await requestStudents(n, bulkRequests[turn]!);
      } catch (error) {
        // The instance died under it: not acknowledged. Anything else is the test's own fault.
        const died = error instanceof TypeError && error.message === 'fetch failed';
        if (!died && !refusals.has(kind)) refusals.set(kind, String(error));
        return null;
      }
    }

    const acknowledged: Acknowledged[] = [];
    /** Submissions begun once the instance was back that it did not acknowledge. */
    const lostAfterRestart: Kind[] = [];
    let next = 0;
    let killed = false;
    let restarted = false;
    let restartedAt = 0;
    // While the instance restarts, the visitors wait (those in flight at the kill just failed).
    let up = Promise.resolve();
    const worker = async () => {
      for (;;) {
        await up;
        if (next >= SUBMISSIONS) return;
        const n = next++;
        const began = restarted;
        const done = await submit(n);
        if (done) acknowledged.push(done);
        else if (began) lostAfterRestart.push(KINDS[n % KINDS.length]!);
        if (!killed && acknowledged.length >= SUBMISSIONS / 3) {
          killed = true;
          up = (async () => {
            instance.kill('SIGKILL');
            await once(instance, 'exit');
            instance = await startInstance(env, port);
            restarted = true;
            restartedAt = performance.now();
          })();
        }
      }
    };
    const submitted = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const submittedIn = (performance.now() - submitted) / 1000;
    if (refusals.size > 0) console.log('faults: refused', Object.fromEntries(refusals));
    expect(killed).toBe(true);
    expect(lostAfterRestart, 'submissions begun after the restart').toEqual([]);
    const ofKind = <K extends Kind>(kind: K) =>
      acknowledged.filter(
        (entry): entry is Extract<Acknowledged, { kind: K }> => entry.kind === kind,
      );

    // Office requests: every acknowledged row there, once.
    const offices = ofKind('office').map((e) => e.key);
    const details = ofKind('details').length;
    const stored = await db.query<{ request_key: string }>(
      'SELECT request_key FROM office_account_requests',
    );
    const keys = stored.rows.map((row) => row.request_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of offices) expect(keys).toContain(key);

    // Bulk requests: a job the killed instance was working on is taken up again once it misses
    // its heartbeat (then pg-boss's supervision and retry delay): wait for that, with room to
    // spare, until no request is open.
    const heartbeat = await count(
      'SELECT heartbeat_seconds AS n FROM pgboss.queue WHERE name = $1',
      [STUDENT_REQUEST_QUEUE],
    );
    expect(heartbeat, 'the bulk queue has a heartbeat').toBeGreaterThan(0);
    const openRequests = await untilNone(
      () => count(`SELECT count(*) AS n FROM student_account_requests WHERE status <> 'completed'`),
      heartbeat + 300,
    );
    expect(openRequests, 'bulk requests still open').toBe(0);
    const bulkDoneAfter = (performance.now() - restartedAt) / 1000;
    const retriedJobs = await count(
      'SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND retry_count > 0',
      [STUDENT_REQUEST_QUEUE],
    );

    // Every e-mail delivered once the instance is back.
    const pending = await untilNone(
      () => count('SELECT count(*) AS n FROM outbox_messages WHERE delivered_at IS NULL'),
      300,
    );
    expect(pending).toBe(0);
    // A message the killed instance had handed to SMTP but not yet marked is sent again by the
    // next one, under the same Message-ID (receivers fold them into one): at most the
    // deliveries in flight at the kill (2 batches of 20), never a second Message-ID for a row.
    const ids = smtp.messages.map((mail) => mail.messageId);
    const resent = ids.length - new Set(ids).size;
    expect(resent).toBeLessThanOrEqual(40);
    const rows = await count('SELECT count(*) AS n FROM outbox_messages');
    expect(new Set(ids).size).toBe(rows);
    // Message-IDs are `<outbox-{row id}@...>`: the rows whose mail the sink received.
    const mailedRows = new Set(ids.map((id) => /^<outbox-(\d+)@/.exec(id ?? '')?.[1]));
    /** The outbox rows of a template to each recipient, each checked to have been mailed. */
    const notices = async (template: string) => {
      const found = await db.query<{ id: string; recipient: string }>(
        'SELECT id::text, lower(recipient) AS recipient FROM outbox_messages WHERE template = $1',
        [template],
      );
      const byRecipient = new Map<string, number>();
      for (const row of found.rows) {
        expect(mailedRows.has(row.id), `${template} mailed`).toBe(true);
        byRecipient.set(row.recipient, (byRecipient.get(row.recipient) ?? 0) + 1);
      }
      return (recipient: string) => byRecipient.get(recipient.toLowerCase()) ?? 0;
    };

    const detailMails = smtp.messages.filter((mail) => mail.subject?.startsWith(SUBJECTS.details));
    // A request whose answer the kill cut off may still have been stored and mailed: at least
    // every acknowledged one, never more than were sent.
    expect(detailMails.length).toBeGreaterThanOrEqual(details);
    // Each acknowledged office request's confirmation reached its applicant, as one message.
    for (const entry of ofKind('office')) {
      const mails = smtp.messages.filter((mail) => recipientsOf(mail).includes(entry.recipient));
      expect(new Set(mails.map((mail) => mail.messageId)).size, entry.recipient).toBe(1);
    }
    // Nothing half-written: every office request has its letter.
    const orphans = await count(
      'SELECT count(*) AS n FROM office_account_requests r LEFT JOIN private_uploads u ON u.id = r.letter_upload_id WHERE u.id IS NULL',
    );
    expect(orphans).toBe(0);

    // Password resets: a password changed exactly where a reset session was completed (the
    // kill may have cut off the answer of one that was), with one notice; every acknowledged
    // one changed to its password, its session consumed.
    const accounts = await db.query<{ id: number; hash: string | null; completed: number }>(
      `SELECT a.id::int, a.password_hash AS hash,
              (SELECT count(*)::int FROM password_reset_sessions s
               WHERE s.account_id = a.id AND s.completed_at IS NOT NULL) AS completed
       FROM learning_accounts a WHERE a.id = ANY($1)`,
      [resetting.map((student) => student.accountId)],
    );
    const accountById = new Map(accounts.rows.map((row) => [row.id, row]));
    const passwordNotices = await notices('password-changed-notice');
    let passwordsChanged = 0;
    for (const student of resetting) {
      const account = accountById.get(student.accountId)!;
      const changed = account.hash !== student.hashBefore;
      passwordsChanged += changed ? 1 : 0;
      expect(account.completed, 'completed reset sessions').toBe(changed ? 1 : 0);
      expect(passwordNotices(student.personalEmail), 'password notices').toBe(changed ? 1 : 0);
    }
    const hasher = createPasswordHasher();
    for (const { student, sessionId, password } of ofKind('reset')) {
      const hash = accountById.get(student.accountId)?.hash;
      expect(hash && (await hasher.verify(hash, password)), 'the new password').toBe(true);
      const consumed = await count(
        'SELECT count(*) AS n FROM password_reset_sessions WHERE session_hash = $1 AND completed_at IS NOT NULL',
        [sha256(sessionId)],
      );
      expect(consumed, 'the reset session is consumed').toBe(1);
    }

    // E-mail changes: an address changed exactly where a change was confirmed, once, with one
    // notice to the old address; every acknowledged one to its new address, nobody else's.
    const people = await db.query<{ id: number; email: string; confirmed: number }>(
      `SELECT p.id::int, lower(p.personal_email) AS email,
              (SELECT count(*)::int FROM email_change_requests r
               WHERE r.person_id = p.id AND r.closed_reason = 'confirmed') AS confirmed
       FROM people p WHERE p.id = ANY($1)`,
      [changing.map((student) => student.personId)],
    );
    const personById = new Map(people.rows.map((row) => [row.id, row]));
    const changeNotices = await notices('email-changed-notice');
    let emailsChanged = 0;
    for (const student of changing) {
      const person = personById.get(student.personId)!;
      const changed = person.email !== student.personalEmail.toLowerCase();
      emailsChanged += changed ? 1 : 0;
      expect(person.confirmed, 'confirmed e-mail changes').toBe(changed ? 1 : 0);
      expect(changeNotices(student.personalEmail), 'e-mail change notices').toBe(changed ? 1 : 0);
    }
    for (const { student, newEmail } of ofKind('email-change')) {
      expect(personById.get(student.personId)?.email).toBe(newEmail);
      expect(
        await count('SELECT count(*) AS n FROM people WHERE personal_email = $1', [newEmail]),
      ).toBe(1);
    }

    // Bulk requests: every one complete (each student settled, none failed), every acknowledged
    // one of exactly its students, each student with exactly one account, no address twice.
    const requests = await db.query<{ id: number; total: number; created: number; items: number }>(
      `SELECT r.id::int, r.total, count(i.*) FILTER (WHERE i.status = 'created')::int AS created,
              count(i.*)::int AS items
       FROM student_account_requests r JOIN student_account_request_items i ON i.request_id = r.id
       GROUP BY r.id`,
    );
    for (const request of requests.rows) {
      expect(request.items, 'students of a request').toBe(request.total);
      expect(request.created, 'accounts made by a request').toBe(request.total);
    }
    const requestById = new Map(requests.rows.map((row) => [row.id, row]));
    const requested = ofKind('bulk').flatMap((entry) => entry.students.map(Number));
    for (const entry of ofKind('bulk')) {
      expect(requestById.get(entry.requestId)?.total).toBe(entry.students.length);
    }
    const studentAccounts = await db.query<{ person: number; accounts: number; item: number }>(
      `SELECT p.id::int AS person, count(a.*)::int AS accounts,
              count(a.*) FILTER (WHERE a.id = i.account_id)::int AS item
       FROM people p
       JOIN student_account_request_items i ON i.person_id = p.id
       LEFT JOIN learning_accounts a ON a.person_id = p.id
       WHERE p.id = ANY($1)
       GROUP BY p.id`,
      [requested],
    );
    expect(studentAccounts.rows.length, 'requested students').toBe(requested.length);
    for (const row of studentAccounts.rows) {
      expect(row.accounts, 'accounts of a requested student').toBe(1);
      expect(row.item, "the request item names the student's account").toBe(1);
    }
    expect(
      await count(
        `SELECT count(*) AS n FROM (SELECT person_id FROM learning_accounts WHERE kind = 'pd'
         GROUP BY person_id HAVING count(*) > 1) twice`,
      ),
      'students with two accounts',
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM (SELECT lower(email) FROM learning_accounts GROUP BY 1 HAVING count(*) > 1) twice',
      ),
      'account addresses used twice',
    ).toBe(0);
    // One welcome mail for each account made for a student with a personal e-mail.
    expect(
      await count(
        `SELECT count(*) AS n FROM outbox_messages WHERE template = 'student-account-created'`,
      ),
    ).toBe(
      await count(
        `SELECT count(*) AS n FROM student_account_request_items i JOIN people p ON p.id = i.person_id
         WHERE i.status = 'created' AND p.personal_email IS NOT NULL`,
      ),
    );

    const total = (performance.now() - runStarted) / 1000;
    console.log(
      [
        `faults: killed after ${Math.round(SUBMISSIONS / 3)} of ${SUBMISSIONS} submissions (${DEMO_PEOPLE} people, ${admins.length} school admins signed in, ready in ${preparedIn.toFixed(0)} s); acknowledged ${acknowledged.length}, all stored and completed (${smtp.messages.length} mails for ${rows} messages: ${resent} sent again under their Message-ID); submitted in ${submittedIn.toFixed(0)} s, ${total.toFixed(0)} s in all`,
        `faults: details e-mails: ${details} of ${share('details')} acknowledged, ${detailMails.length} mailed`,
        `faults: office requests: ${offices.length} of ${share('office')} acknowledged, ${keys.length} stored once each with their letter, each confirmation mailed once`,
        `faults: password resets: ${ofKind('reset').length} of ${share('reset')} acknowledged, ${passwordsChanged} passwords changed (each with its session consumed and one notice), none half-done`,
        `faults: e-mail changes: ${ofKind('email-change').length} of ${share('email-change')} acknowledged, ${emailsChanged} addresses changed (each confirmed once, one notice to the old address), none half-done`,
        `faults: bulk student requests: ${ofKind('bulk').length} of ${share('bulk')} acknowledged (${requested.length} students), ${requests.rows.length} stored, all complete (created = total), one account per student; ${retriedJobs} jobs retried after the kill, all done ${bulkDoneAfter.toFixed(0)} s after the restart; ${signInsAgain} admins signed in again`,
      ].join('\n'),
    );
  } finally {
    instance.kill('SIGKILL');
    await db.end().catch(() => undefined);
    await smtp.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await rm(env['UPLOAD_DIR']!, { recursive: true, force: true });
  }
});
