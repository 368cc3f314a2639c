import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { expect, it } from 'vitest';
import { DINAS_PATHS, PRIVATE_UPLOAD_PATH } from '@portal/contracts/dinas-request';
import { onePagePdf } from '../src/test-support/pdf-fixture';
import { createSmtpSink, freePort } from '../src/test-support/smtp-sink';

// `kill -9` of an instance in the middle of mixed submissions (issue 24): account details sent
// by e-mail (a lookup, then the request) and office account requests (a letter upload, then
// the request). Every submission the API acknowledged is stored and completed once the
// instance is back: its row is there, once, and its e-mail delivered, once; nothing is
// half-written. FAULT_SUBMISSIONS (default 1000), killed after a third is acknowledged.
// Not in this run: bulk student requests (they need a signed-in school admin) and e-mail
// changes (they need the codes mailed to both addresses).
const SUBMISSIONS = Number(process.env['FAULT_SUBMISSIONS'] ?? 1000);
const CONCURRENCY = 16;
const api = '/belajar-id';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

type Acknowledged = { kind: 'details' | 'office'; key: string; recipient: string };
const recipientsOf = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => (to ? to.value.map((v) => v.address ?? '') : []));

type Identity = {
  npsn: string;
  fullName: string;
  birthDate: string;
  motherName: string;
};

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
  let instance = await startInstance(env, port);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const demo = (await (await fetch(`${base}/dev/demo-identities`)).json()) as {
      referralCode: string;
    };
    // A different teacher for each details request: one person may ask once a minute.
    const teachers = (
      await db.query<Identity>(
        `SELECT DISTINCT ON (p.id) m.npsn, p.full_name AS "fullName",
                to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.mother_name AS "motherName"
         FROM people p
         JOIN learning_accounts a ON a.person_id = p.id
         JOIN school_memberships m ON m.person_id = p.id
         WHERE p.kind = 'ptk' AND p.personal_email IS NOT NULL AND p.birth_date IS NOT NULL
         LIMIT $1`,
        [SUBMISSIONS / 2],
      )
    ).rows;
    expect(teachers.length).toBeGreaterThan(0);
    const letter = onePagePdf('Permohonan akun dinas');
    // Each submission from a visitor of its own behind the load balancer, as in production:
    // the per-address limits count each visitor, not the test.
    const visitor = (n: number) => ({
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    const post = (n: number, url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...visitor(n), ...headers },
        body: JSON.stringify(body),
      });

    /** A refusal while the instance was up is a fault of the run itself: say it, once each. */
    const refusals = new Map<string, string>();
    const refused = async (step: string, response: Response) => {
      if (!refusals.has(step)) refusals.set(step, `${response.status} ${await response.text()}`);
      return null;
    };
    /** One submission; its acknowledgement (what the API said it stored), or null. */
    async function submit(n: number): Promise<Acknowledged | null> {
      try {
        if (n % 2 === 0 && n / 2 < teachers.length) {
          const teacher = teachers[n / 2]!;
          const found = await post(n, `${api}/account-lookup/v1/lookup/ptk`, {
            npsn: teacher.npsn,
            name: teacher.fullName,
            birthDate: teacher.birthDate,
            motherName: teacher.motherName,
          });
          if (!found.ok) return refused('lookup', found);
          const { token } = ((await found.json()) as { data: { token: string } }).data;
          const sent = await post(
            n,
            `${api}/account-lookup/v1/lookup/request-password`,
            {},
            {
              authorization: `Bearer ${token}`,
            },
          );
          return sent.ok
            ? { kind: 'details', key: String(n), recipient: '' }
            : refused('details', sent);
        }
        const form = new FormData();
        form.append('file', new Blob([letter], { type: 'application/pdf' }), 'surat.pdf');
        const uploaded = await fetch(`${base}${api}${PRIVATE_UPLOAD_PATH}`, {
          method: 'POST',
          headers: visitor(n),
          body: form,
        });
        if (!uploaded.ok) return refused('upload', uploaded);
        const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
        const requestKey = randomUUID();
        const requested = await post(n, `${api}${DINAS_PATHS.request}`, {
          requestKey,
          name: 'Siti Nurhaliza',
          // Born on 5 June 1980, a woman (day + 40): the NIK carries the birth date.
          nik: `327301450680${String(n).padStart(4, '0')}`,
          birthDate: '1980-06-05',
          motherName: 'Aminah',
          email: `dinas${n}@example.org`,
          phone: '081298765432',
          province: '32',
          city: '32.73',
          dinasType: 'kota_kabupaten',
          position: 'lainnya',
          positionOther: 'Analis Kurikulum',
          referralCode: demo.referralCode,
          suratDinas: 'Permohonan Akun',
          nomorSuratDinas: `421/${n}/2026`,
          platform: ['merdeka-mengajar'],
          document: { letter: url },
          password: 'Jembatan Pasupati malam 9',
        });
        return requested.ok
          ? { kind: 'office', key: requestKey, recipient: `dinas${n}@example.org` }
          : refused('office request', requested);
      } catch {
        return null; // the instance died under it: not acknowledged
      }
    }

    const acknowledged: Acknowledged[] = [];
    let next = 0;
    let killed = false;
    // While the instance restarts, the visitors wait (those in flight at the kill just failed).
    let up = Promise.resolve();
    const worker = async () => {
      for (;;) {
        await up;
        if (next >= SUBMISSIONS) return;
        const done = await submit(next++);
        if (done) acknowledged.push(done);
        if (!killed && acknowledged.length >= SUBMISSIONS / 3) {
          killed = true;
          up = (async () => {
            instance.kill('SIGKILL');
            await once(instance, 'exit');
            instance = await startInstance(env, port);
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (refusals.size > 0) console.log('faults: refused', Object.fromEntries(refusals));
    expect(killed).toBe(true);

    // Completed once the instance is back: every row there once, every e-mail delivered once.
    const offices = acknowledged.filter((entry) => entry.kind === 'office').map((e) => e.key);
    const details = acknowledged.filter((entry) => entry.kind === 'details').length;
    const stored = await db.query<{ request_key: string }>(
      'SELECT request_key FROM office_account_requests',
    );
    const keys = stored.rows.map((row) => row.request_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of offices) expect(keys).toContain(key);
    let pending = Infinity;
    for (let waited = 0; pending > 0 && waited < 300; waited += 1) {
      pending = Number(
        (await db.query('SELECT count(*) AS n FROM outbox_messages WHERE delivered_at IS NULL'))
          .rows[0].n,
      );
      if (pending > 0) await sleep(1000);
    }
    expect(pending).toBe(0);
    // A message the killed instance had handed to SMTP but not yet marked is sent again by the
    // next one, under the same Message-ID (receivers fold them into one): at most the
    // deliveries in flight at the kill (2 batches of 20), never a second Message-ID for a row.
    const ids = smtp.messages.map((mail) => mail.messageId);
    const resent = ids.length - new Set(ids).size;
    expect(resent).toBeLessThanOrEqual(40);
    const rows = Number((await db.query('SELECT count(*) AS n FROM outbox_messages')).rows[0].n);
    expect(new Set(ids).size).toBe(rows);
    const detailMails = smtp.messages.filter((mail) => mail.subject?.startsWith('Informasi Akun'));
    // A request whose answer the kill cut off may still have been stored and mailed: at least
    // every acknowledged one, never more than were sent.
    expect(detailMails.length).toBeGreaterThanOrEqual(details);
    // Each acknowledged office request's confirmation reached its applicant, as one message.
    for (const entry of acknowledged.filter((e) => e.kind === 'office')) {
      const mails = smtp.messages.filter((mail) => recipientsOf(mail).includes(entry.recipient));
      expect(new Set(mails.map((mail) => mail.messageId)).size, entry.recipient).toBe(1);
    }
    // Nothing half-written: every office request has its letter.
    const orphans = await db.query(
      'SELECT count(*) AS n FROM office_account_requests r LEFT JOIN private_uploads u ON u.id = r.letter_upload_id WHERE u.id IS NULL',
    );
    expect(Number(orphans.rows[0].n)).toBe(0);
    console.log(
      `faults: killed after ${Math.round(SUBMISSIONS / 3)} of ${SUBMISSIONS} submissions; acknowledged ${acknowledged.length} (${details} details, ${offices.length} office requests), all stored and mailed (${smtp.messages.length} mails for ${rows} messages: ${resent} sent again under their Message-ID)`,
    );
  } finally {
    instance.kill('SIGKILL');
    await db.end().catch(() => undefined);
    await smtp.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});
