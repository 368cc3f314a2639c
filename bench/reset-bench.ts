import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  query,
  seededDatabase,
  startServer,
  stopServer,
} from './bench-support';

// `npm run bench:reset [-- --people N --seconds S --workers W]`: complete password resets
// (verify, send code, read it from the outbox, validate, set an argon2id password) by W
// concurrent clients, while autocannon drives account lookups at a fixed rate; prints resets
// per second and the lookup p99 with and without resets running. The bot check is off.

const LOOKUP_RATE = 200;

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '20' },
    workers: { type: 'string', default: '32' },
    keep: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const seconds = Number(values.seconds);
const workers = Number(values.workers);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = `reset_bench_${people}`;
const base = `/belajar-id/account-lookup/v1/lookup`;

type Account = { email: string; dob: string; personal: string };
type Identity = { type: string; npsn: string; name: string; birthDate: string; motherName: string };

async function prepare(benchUrl: string): Promise<{ accounts: Account[]; identities: Identity[] }> {
  // Each reset uses an account of its own: the per-account cooldown is part of the policy.
  await query(benchUrl, 'DELETE FROM code_sends');
  await query(benchUrl, 'DELETE FROM code_locks');
  const accounts = await query<Account>(
    benchUrl,
    `SELECT a.email, to_char(p.birth_date, 'YYYY-MM-DD') AS dob, p.personal_email AS personal FROM learning_accounts a
     JOIN people p ON p.id = a.person_id WHERE p.personal_email IS NOT NULL ORDER BY a.id LIMIT 5000`,
  );
  const identities = await query<Identity>(
    benchUrl,
    `SELECT p.kind AS type, m.npsn, p.full_name AS name, to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate",
            p.mother_name AS "motherName"
     FROM people p JOIN LATERAL (SELECT npsn FROM school_memberships WHERE person_id = p.id LIMIT 1) m ON true
     WHERE p.kind IN ('ptk', 'pd') ORDER BY p.id DESC LIMIT 5000`,
  );
  return { accounts, identities };
}

const benchUrl = await seededDatabase(adminUrl, name, people);
const { accounts, identities } = await prepare(benchUrl);
const readPool = new pg.Pool({ connectionString: benchUrl, max: 4 });
const port = await freePort();
const server = await startServer(benchUrl, port);
const url = `http://127.0.0.1:${port}`;
const post = async (pathName: string, body: object) => {
  const response = await fetch(`${url}${base}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, string> },
  };
};

/** The code of the latest message to the account's contact, as a person reads it from the mail. */
async function latestCode(recipient: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    // One small pool: a connection per read would cost PostgreSQL a process start each time.
    const { rows } = await readPool.query<{ body_text: string }>(
      "SELECT body_text FROM outbox_messages WHERE recipient = $1 AND template = 'reset-code' ORDER BY id DESC LIMIT 1",
      [recipient],
    );
    const code = /: (\d{6})\n/.exec(rows[0]?.body_text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no code');
}

let nextAccount = 0;
let completed = 0;
let failed = 0;
async function resetLoop(until: number): Promise<void> {
  while (Date.now() < until) {
    const account = accounts[nextAccount++ % accounts.length]!;
    try {
      const verified = await post('/self-reset-password/verify', {
        belajaridEmail: account.email,
        dob: account.dob,
      });
      const sent = await post('/self-reset-password/send-otp', {
        token: verified.body.data.token,
        metode: 'email',
      });
      if (sent.status !== 200) throw new Error(`send-otp ${sent.status}`);
      const code = await latestCode(account.personal);
      const sessionId = sent.body.data.session_id;
      const valid = await post('/self-reset-password/validate-otp', {
        session_id: sessionId,
        otp: code,
      });
      if (valid.status !== 200) throw new Error(`validate ${valid.status}`);
      const password = `Bench ${nextAccount} pohon mangga`;
      const done = await post('/self-reset-password', {
        session_id: sessionId,
        password,
        password_confirmation: password,
      });
      if (done.status !== 200) throw new Error(`set ${done.status}`);
      completed += 1;
    } catch {
      failed += 1;
    }
  }
}

function lookups(duration: number): Promise<autocannon.Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 20,
        duration,
        overallRate: LOOKUP_RATE,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const who = identities[next++ % identities.length]!;
              return {
                ...request,
                path: `${base}/${who.type}`,
                body: JSON.stringify({
                  npsn: who.npsn,
                  name: who.name,
                  birthDate: who.birthDate,
                  motherName: who.motherName,
                }),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

try {
  await lookups(3);
  const quiet = await lookups(seconds);
  const started = Date.now();
  const until = started + seconds * 1000;
  const [busy] = await Promise.all([
    lookups(seconds),
    ...Array.from({ length: workers }, () => resetLoop(until)),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  console.log(
    `\nPassword reset benchmark: ${people.toLocaleString('en')} people in PostgreSQL, ${workers} clients resetting, bot check OFF`,
  );
  console.log(
    `Each reset: verify (answers after at least 400 ms by design), send code, read it, validate, set an argon2id password (19 MiB, t=2).\n`,
  );
  console.log(
    `complete resets: ${completed} in ${elapsed.toFixed(1)} s = ${(completed / elapsed).toFixed(1)} resets/s (failed: ${failed})`,
  );
  console.log(
    `lookup at ${LOOKUP_RATE} req/s alone:        p50 ${quiet.latency.p50} ms  p99 ${quiet.latency.p99} ms  non-2xx ${quiet.non2xx}`,
  );
  console.log(
    `lookup at ${LOOKUP_RATE} req/s during resets: p50 ${busy.latency.p50} ms  p99 ${busy.latency.p99} ms  non-2xx ${busy.non2xx}`,
  );
} finally {
  await readPool.end();
  await stopServer(server);
  if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
