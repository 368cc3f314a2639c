import { parseArgs } from 'node:util';
import { STUDENT_REQUEST_PATH, schoolAdminPaths } from '@portal/contracts/school-admin';
import { createPasswordHasher } from '../apps/api/src/credentials/password-hasher';
import { signInOverHttp } from '../apps/api/src/test-support/http-sign-in';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  query,
  seededDatabase,
  startServer,
  stopServer,
} from './bench-support';

// `npm run bench:students [-- --people N --students S --request R --searches Q]`: a school of S
// students without an account in a registry of N people in PostgreSQL; its principal signs in
// through the real provider, then the listing is searched Q times by 4 clients (p50/p99), and
// R students are requested at once: the time until every account exists.

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '100000' },
    students: { type: 'string', default: '3000' },
    request: { type: 'string', default: '1000' },
    searches: { type: 'string', default: '400' },
    keep: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const students = Number(values.students);
const requested = Number(values.request);
const searches = Number(values.searches);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = `student_request_bench_${people}`;
const NPSN = '99000001';
const PRINCIPAL = 'kepala.bench@belajar.id';
const PASSWORD = 'Bench-Kepala-Sekolah-2026';
const FIRST = ['Siti', 'Ahmad', 'Dewi', 'Budi', 'Putri', 'Rizky', 'Nur', 'Agus', 'Fitri', 'Eko'];
const LAST = ['Rahmawati', 'Saputra', 'Lestari', 'Santoso', 'Wulandari', 'Hidayat', 'Pratama'];

async function prepareSchool(url: string): Promise<void> {
  // A fresh school each run: the previous run's accounts and requests go with it.
  await query(url, `DELETE FROM student_account_requests WHERE npsn = $1`, [NPSN]);
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
     SELECT $1, 'SMA Negeri Bench', 'SMA NEGERI BENCH', 'SMA', code FROM regions
     WHERE level = 'regency' ORDER BY code LIMIT 1`,
    [NPSN],
  );
  await query(
    url,
    `WITH made AS (
       INSERT INTO people (kind, nik, nisn, full_name, name_key, gender, birth_date, mother_name,
         mother_name_key, personal_email)
       SELECT 'pd', '99' || lpad(i::text, 14, '0'), '99' || lpad(i::text, 8, '0'),
         name, upper(replace(name, ' ', '')), 'P', DATE '2009-01-01' + (i % 700), 'Ibu Bench',
         'IBUBENCH', CASE WHEN i % 3 = 0 THEN 'murid' || i || '@example.com' END
       FROM generate_series(1, $2::int) AS i,
         LATERAL (SELECT ($3::text[])[1 + i % 10] || ' ' || ($4::text[])[1 + i % 7] || ' ' || i AS name) n
       RETURNING id)
     INSERT INTO school_memberships (person_id, npsn, role) SELECT id, $1, 'student' FROM made`,
    [NPSN, students, FIRST, LAST],
  );
  const passwordHash = await createPasswordHasher().hash(PASSWORD);
  await query(
    url,
    `WITH made AS (
       INSERT INTO people (kind, nik, full_name, name_key, gender, birth_date, mother_name, mother_name_key)
       VALUES ('ptk', '9800000000000001', 'Kepala Bench', 'KEPALABENCH', 'L', '1975-01-01', 'Ibu', 'IBU')
       ON CONFLICT (nik) DO UPDATE SET full_name = EXCLUDED.full_name RETURNING id),
     member AS (INSERT INTO school_memberships (person_id, npsn, role) SELECT id, $1, 'principal' FROM made)
     INSERT INTO learning_accounts (email, kind, person_id, school_level, password_hash)
     SELECT $2, 'ptk', id, 'SMA', $3 FROM made`,
    [NPSN, PRINCIPAL, passwordHash],
  );
  await query(url, 'ANALYZE');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const benchUrl = await seededDatabase(adminUrl, name, people);
await prepareSchool(benchUrl);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
process.env['PUBLIC_URL'] = origin;
const server = await startServer(benchUrl, port);
const api = `${origin}/belajar-id`;
const paths = schoolAdminPaths(NPSN);

try {
  const token = await signInOverHttp(origin, { email: PRINCIPAL, password: PASSWORD });
  const call = async (path: string, body?: object) => {
    const response = await fetch(`${api}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: Record<string, unknown> };
  };

  // The listing: all, by page, by a name part, by NISN digits; 4 clients at once.
  const pages = Math.ceil(students / 50);
  const bodies = Array.from({ length: searches }, (_, i) =>
    i % 3 === 0
      ? { query: '', page: 1 + (i % pages) }
      : i % 3 === 1
        ? { query: FIRST[i % FIRST.length]!.toLowerCase(), page: 1 }
        : { query: `99${String(i % students).padStart(4, '0')}`, page: 1 },
  );
  for (const body of bodies.slice(0, 20)) await call(paths.studentSearch, body);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const started = performance.now();
        await call(paths.studentSearch, body);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);

  // One request of R students, from submission until every account exists.
  const { data } = await call(paths.studentSearch, { query: '', page: 1, withEligibleIds: true });
  const ids = (data['eligibleIds'] as string[]).slice(0, requested);
  const started = performance.now();
  const submitted = await call(STUDENT_REQUEST_PATH, {
    npsn: NPSN,
    students: ids.map((id) => ({ id })),
  });
  const acknowledged = performance.now() - started;
  const id = String(submitted.data['id']);
  let progress = submitted.data;
  while (progress['status'] !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    progress = (await call(paths.request(id))).data;
  }
  const total = (performance.now() - started) / 1000;
  const csvStarted = performance.now();
  await fetch(`${api}${paths.requestCsv(id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.text());
  const csvMs = performance.now() - csvStarted;

  console.log(
    `\nStudent requests benchmark: ${people.toLocaleString('en')} people in PostgreSQL, a school of ${students.toLocaleString('en')} students without an account`,
  );
  console.log(
    `listing (${searches} searches, 4 clients: pages, name parts, NISN digits): p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `request of ${ids.length} students: acknowledged in ${acknowledged.toFixed(0)} ms, all accounts made in ${total.toFixed(1)} s (${(ids.length / total).toFixed(0)} students/s; created ${String(progress['created'])}, failed ${String(progress['failed'])})`,
  );
  console.log(`CSV with ${ids.length} initial passwords: ${csvMs.toFixed(0)} ms`);
} finally {
  await stopServer(server);
  if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
