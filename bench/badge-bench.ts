import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { getDocumentProxy } from 'unpdf';
import { openDatabase } from '../apps/api/src/db/database';
import { qrTextsOfPdf } from '../apps/api/src/test-support/badge-pdf';
import { createTestApp } from '../apps/api/src/test-support/test-app';
import { DEFAULT_ADMIN_URL, query, seededDatabase } from './bench-support';

// `npm run bench:badges [-- --students S] [-- --people N] [-- --database NAME] [-- --keep]`: a
// school of S students (default 3,000) with their accounts and classes in PostgreSQL beside a
// registry of N people; its principal makes badges for the whole school in one batch, worked by
// the batch's job in the app, then downloads the PDF of every card. Goal (the badges issue):
// made and the PDF written within 60 s.

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '10000' },
    students: { type: 'string', default: '3000' },
    database: { type: 'string', default: 'badge_bench' },
    keep: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const students = Number(values.students.replaceAll('_', ''));
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = values.database;
const NPSN = '99000002';
const GOAL_SECONDS = 60;
const FIRST = ['Siti', 'Ahmad', 'Dewi', 'Budi', 'Putri', 'Rizky', 'Nur', 'Agus', 'Fitri', 'Eko'];
const LAST = ['Rahmawati', 'Saputra', 'Lestari', 'Santoso', 'Wulandari', 'Hidayat', 'Pratama'];

/** A fresh primary school each run: S students with accounts in classes 1-6, and its principal. */
async function prepareSchool(url: string): Promise<void> {
  await query(url, `DELETE FROM badge_batches WHERE npsn = $1`, [NPSN]);
  await query(url, `DELETE FROM badges WHERE npsn = $1`, [NPSN]);
  await query(
    url,
    `DELETE FROM learning_accounts WHERE person_id IN
      (SELECT person_id FROM school_memberships WHERE npsn = $1)`,
    [NPSN],
  );
  await query(
    url,
    `DELETE FROM people WHERE id IN (SELECT person_id FROM school_memberships WHERE npsn = $1)`,
    [NPSN],
  );
  await query(url, `DELETE FROM schools WHERE npsn = $1`, [NPSN]);
  await query(
    url,
    `INSERT INTO schools (npsn, name, name_key, level, regency_code)
     SELECT $1, 'SD Negeri Bench Kartu', 'SD NEGERI BENCH KARTU', 'SD', code FROM regions
     WHERE level = 'regency' ORDER BY code LIMIT 1`,
    [NPSN],
  );
  await query(
    url,
    `WITH made AS (
       INSERT INTO people (kind, nik, nisn, full_name, name_key, gender, birth_date, mother_name,
         mother_name_key)
       SELECT 'pd', '97' || lpad(i::text, 14, '0'), '97' || lpad(i::text, 8, '0'),
         name, upper(replace(name, ' ', '')), 'P', DATE '2014-01-01' + (i % 2000), 'Ibu Bench',
         'IBUBENCH'
       FROM generate_series(1, $2::int) AS i,
         LATERAL (SELECT ($3::text[])[1 + i % 10] || ' ' || ($4::text[])[1 + i % 7] || ' ' || i AS name) n
       RETURNING id, nik),
     member AS (
       INSERT INTO school_memberships (person_id, npsn, role, grade)
       SELECT id, $1, 'student', 1 + (substr(nik, 3)::bigint % 6) FROM made)
     INSERT INTO learning_accounts (email, kind, person_id)
     SELECT 'kartu.bench.' || substr(nik, 3) || '@belajar.id', 'pd', id FROM made`,
    [NPSN, students, FIRST, LAST],
  );
  await query(
    url,
    `WITH made AS (
       INSERT INTO people (kind, nik, full_name, name_key, gender, birth_date, mother_name, mother_name_key)
       VALUES ('ptk', '9700000000000001', 'Kepala Bench Kartu', 'KEPALABENCHKARTU', 'L', '1975-01-01', 'Ibu', 'IBU')
       ON CONFLICT (nik) DO UPDATE SET full_name = EXCLUDED.full_name RETURNING id),
     member AS (INSERT INTO school_memberships (person_id, npsn, role) SELECT id, $1, 'principal' FROM made
       ON CONFLICT DO NOTHING)
     INSERT INTO learning_accounts (email, kind, person_id, school_level)
     SELECT 'kepala.kartu.bench@belajar.id', 'ptk', id, 'SD' FROM made
     ON CONFLICT (email) DO NOTHING`,
    [NPSN],
  );
  await query(url, 'ANALYZE');
}

const benchUrl = await seededDatabase(adminUrl, name, people);
await prepareSchool(benchUrl);
const [principal] = await query<{ id: string; person_id: string }>(
  benchUrl,
  `SELECT id, person_id FROM learning_accounts WHERE email = 'kepala.kartu.bench@belajar.id'`,
);
const accountIds = await query<{ id: string }>(
  benchUrl,
  `SELECT a.id FROM learning_accounts a JOIN school_memberships m ON m.person_id = a.person_id
   WHERE m.npsn = $1 AND m.role = 'student' AND a.kind = 'pd' ORDER BY a.id`,
  [NPSN],
);
const t = await createTestApp({ JOB_POLLING_SECONDS: '0.5' }, undefined, {
  keepLogs: false,
  openDatabase: () => openDatabase({ url: benchUrl, dataDir: '' }),
});
const admin = {
  accountId: Number(principal!.id),
  personId: Number(principal!.person_id),
  npsn: NPSN,
};
const badges = t.app.services.badges;
const loadBefore = loadavg();

try {
  // The whole school in one batch, as the admin's page sends it; the app's job makes them.
  const started = performance.now();
  const submitted = await badges.submitBadgeBatch(
    admin,
    { students: accountIds.map((row) => ({ accountId: row.id })) },
    '127.0.0.1',
  );
  let batch = submitted;
  while (batch.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    batch = await badges.badgeBatchOf(admin, Number(submitted.id));
  }
  const madeSeconds = (performance.now() - started) / 1000;
  const pdfStarted = performance.now();
  const { pdf, cards } = await badges.badgeBatchPdf(admin, Number(submitted.id), '127.0.0.1');
  const pdfSeconds = (performance.now() - pdfStarted) / 1000;
  const total = (performance.now() - started) / 1000;
  const loadAfter = loadavg();

  // The figure counts only if the PDF holds every card and its QR codes read back.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const decoded = qrTextsOfPdf(pdf);
  if (decoded.length !== students || cards !== students) {
    throw new Error(`expected ${students} cards, the PDF has ${decoded.length}`);
  }
  for (const text of decoded.slice(0, 50)) {
    const check = await t.app.services.badgeCredentials.checkQr(text);
    if (!check.ok) throw new Error(`a printed QR code is refused: ${check.refusal}`);
  }

  console.log(
    `\nBadges benchmark: a school of ${students.toLocaleString('en')} students in PostgreSQL (registry of ${people.toLocaleString('en')} people)`,
  );
  console.log(
    `badges made by the batch's job: ${batch.made.toLocaleString('en')} in ${madeSeconds.toFixed(1)} s (${(batch.made / madeSeconds).toFixed(0)} a second)`,
  );
  console.log(
    `PDF of ${cards.toLocaleString('en')} cards: ${document.numPages} A4 pages, ${(pdf.length / 1e6).toFixed(1)} MB, written in ${pdfSeconds.toFixed(1)} s; every QR code decodes`,
  );
  console.log(
    `made and written: ${total.toFixed(1)} s (goal: within ${GOAL_SECONDS} s) ${total <= GOAL_SECONDS ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `load average (1, 5, 15 min): before ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after ${loadAfter.map((l) => l.toFixed(1)).join(', ')}`,
  );
} finally {
  await t.close();
  if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
