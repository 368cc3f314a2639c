import Fastify from 'fastify';
import {
  createAccountLookupRepository,
  createLookupFinder,
} from '../apps/api/src/account-lookup/account-lookup-repository';
import { openDatabase } from '../apps/api/src/db/database';
import { personNameKey } from '../apps/api/src/registry/name-normalizer';

// The floor of the lookup benchmark (bench/README.md), never the portal: a bare Fastify that
// answers the lookup with the very statement the portal runs (the same repository, batched the
// same way) and nothing else. No security headers, request logger, schema validation, rate
// limits, keyed hashes, audit trail or token. What it reaches against its own hello-world is the
// most any lookup that reads a body and asks PostgreSQL can reach on the machine it runs on.

type Body = { npsn: string; name: string; birthDate: string; motherName: string };

const database = await openDatabase({ url: process.env['DATABASE_URL'], dataDir: '' });
const repository = createAccountLookupRepository(database.db);
const finder = createLookupFinder(repository);

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => ({ status: 'ok' }));
app.post<{ Params: { type: 'ptk' | 'pd' }; Body: Body }>(
  '/belajar-id/account-lookup/v1/lookup/:type',
  async (request) => {
    const { params, body } = request;
    const [person] = await finder.load({
      where: { kind: params.type, npsn: body.npsn },
      birthDate: body.birthDate,
      nameKey: personNameKey(body.name),
      motherNameKey: personNameKey(body.motherName),
    });
    return { data: { found: person !== undefined, accounts: person?.accounts ?? [] } };
  },
);
app.addHook('onClose', () => database.close());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
