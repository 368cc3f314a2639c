import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';

/**
 * The token benchmark's floor (`npm run bench:token`): a bare Fastify answering a form POST with
 * an RS256 ID token of the same claims the provider signs, and nothing else: no client
 * authentication, no database, no rotation. What the provider does beyond this is its cost.
 */
const port = Number(process.argv[2] ?? 0);
const { privateKey } = await generateKeyPair('RS256');
const app = Fastify({ logger: false });
app.addContentTypeParser(
  'application/x-www-form-urlencoded',
  { parseAs: 'string' },
  (_request, body, done) => done(null, new URLSearchParams(String(body))),
);
app.post('/token', async () => {
  const now = Math.floor(Date.now() / 1000);
  const idToken = await new SignJWT({
    name: 'Dewi Lestari',
    email: 'dewi.lestari@belajar.id',
    email_verified: true,
    user_type: 'ptk',
    schools: [{ npsn: '20212345', name: 'SD Negeri 1 Bandung', level: 'SD', role: 'teacher' }],
    sid: randomUUID(),
    at_hash: 'x'.repeat(22),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'floor' })
    .setIssuer('http://127.0.0.1/oidc')
    .setSubject('1')
    .setAudience('bench-platform')
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(privateKey);
  return {
    access_token: randomUUID(),
    expires_in: 900,
    id_token: idToken,
    refresh_token: randomUUID(),
    scope: 'openid profile email schools user_type offline_access',
    token_type: 'Bearer',
  };
});
await app.listen({ host: '127.0.0.1', port });
