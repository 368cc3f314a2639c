import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';

/**
 * A demo of a ministry platform: a separate small web app that signs people in with
 * their learning account as a confidential OpenID client (openid-client, certified), shows the
 * claims it received, refreshes its tokens, and ends its own session when the portal posts a
 * back-channel logout token. `npm start` registers it outside production (client id
 * `demo-platform`, secret DEMO_PLATFORM_SECRET, address DEMO_PLATFORM_URL); then
 * `npm run demo:platform`. Sessions live in memory: a restart signs everyone out.
 */

const PORTAL_ISSUER = process.env['PORTAL_ISSUER'] ?? 'http://localhost:3000/oidc';
const OWN_URL = (process.env['DEMO_PLATFORM_URL'] ?? 'http://localhost:4000').replace(/\/$/, '');
const SECRET = process.env['DEMO_PLATFORM_SECRET'] ?? 'demo-platform-secret-development-only';
const CLIENT_ID = 'demo-platform';
const SCOPE = 'openid profile email schools user_type offline_access';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const COOKIE = 'demo_platform_session';

type Session = {
  claims: Record<string, unknown>;
  idToken: string;
  refreshToken: string | undefined;
  sid: string | undefined;
  sub: string;
  refreshedAt: Date | null;
};
type Pending = { verifier: string; state: string; nonce: string };

const sessions = new Map<string, Session>();
const pending = new Map<string, Pending>();

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function page(body: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Platform Demo</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
a.button,button{display:inline-block;min-height:44px;padding:.6rem 1rem;border-radius:.4rem;border:0;background:#0b5cad;color:#fff;font-size:1rem;text-decoration:none;cursor:pointer}
button.secondary{background:#444}pre{background:#f4f4f4;padding:1rem;overflow:auto;white-space:pre-wrap}</style>
</head><body><h1>Platform Demo</h1>${body}</body></html>`;
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function send(response: ServerResponse, status: number, html: string, headers = {}) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(html);
}

const redirect = (response: ServerResponse, location: string, headers = {}) => {
  response.writeHead(303, { location, 'cache-control': 'no-store', ...headers });
  response.end();
};

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 20_000) throw new Error('body too large');
  }
  return new URLSearchParams(body);
}

async function main(): Promise<void> {
  const config = await client.discovery(
    new URL(PORTAL_ISSUER),
    CLIENT_ID,
    undefined,
    client.ClientSecretBasic(SECRET),
    PORTAL_ISSUER.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {},
  );
  const issuerKeys = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));

  /** OpenID Back-Channel Logout 1.0 §2.6: the token's checks, then the session it names ends. */
  async function backchannelLogout(logoutToken: string): Promise<boolean> {
    const { payload } = await jwtVerify(logoutToken, issuerKeys, {
      issuer: config.serverMetadata().issuer,
      audience: CLIENT_ID,
    });
    const events = payload['events'] as Record<string, unknown> | undefined;
    if (!events || typeof events[BACKCHANNEL_EVENT] !== 'object' || 'nonce' in payload) {
      return false;
    }
    const sid = typeof payload['sid'] === 'string' ? payload['sid'] : undefined;
    for (const [id, session] of sessions) {
      if ((sid && session.sid === sid) || (!sid && session.sub === payload.sub)) {
        sessions.delete(id);
      }
    }
    return true;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', OWN_URL);
      const sessionId = cookieOf(request, COOKIE);
      const session = sessionId ? sessions.get(sessionId) : undefined;

      if (request.method === 'GET' && url.pathname === '/') {
        if (!session) {
          send(
            response,
            200,
            page(`<p>Anda belum masuk. <span lang="en">(You are not signed in.)</span></p>
<p><a class="button" href="/login" id="sign-in">Masuk dengan Akun belajar.id</a></p>`),
          );
          return;
        }
        send(
          response,
          200,
          page(`<p id="signed-in">Anda masuk sebagai <strong>${escapeHtml(String(session.claims['name'] ?? session.sub))}</strong>.
<span lang="en">(Signed in.)</span></p>
<h2>Klaim yang diterima <span lang="en">(Claims received)</span></h2>
<pre id="claims">${escapeHtml(JSON.stringify(session.claims, null, 2))}</pre>
<p>${session.refreshedAt ? `Token diperbarui ${escapeHtml(session.refreshedAt.toISOString())}.` : 'Token belum diperbarui.'}</p>
<form method="post" action="/refresh"><button type="submit" id="refresh">Perbarui token (refresh)</button></form>
<p><a class="button" href="/logout" id="sign-out">Keluar <span lang="en">(Sign out)</span></a></p>`),
        );
        return;
      }

      if (request.method === 'GET' && url.pathname === '/login') {
        const verifier = client.randomPKCECodeVerifier();
        const flow = { verifier, state: client.randomState(), nonce: client.randomNonce() };
        const flowId = randomBytes(16).toString('base64url');
        pending.set(flowId, flow);
        const target = client.buildAuthorizationUrl(config, {
          redirect_uri: `${OWN_URL}/callback`,
          scope: SCOPE,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        redirect(response, target.href, {
          'set-cookie': `demo_platform_flow=${flowId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=900`,
        });
        return;
      }

      if (request.method === 'GET' && url.pathname === '/callback') {
        const flowId = cookieOf(request, 'demo_platform_flow');
        const flow = flowId ? pending.get(flowId) : undefined;
        if (!flow || !flowId) {
          send(response, 400, page('<p>Alur masuk tidak dikenal. <a href="/">Ulangi</a>.</p>'));
          return;
        }
        pending.delete(flowId);
        if (url.searchParams.has('error')) {
          send(
            response,
            200,
            page(`<p id="declined">Masuk dibatalkan (${escapeHtml(url.searchParams.get('error') ?? '')}).</p>
<p><a class="button" href="/">Kembali</a></p>`),
          );
          return;
        }
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        });
        const claims = tokens.claims()!;
        const id = randomBytes(24).toString('base64url');
        sessions.set(id, {
          claims: { ...claims },
          idToken: tokens.id_token!,
          refreshToken: tokens.refresh_token,
          sid: typeof claims['sid'] === 'string' ? claims['sid'] : undefined,
          sub: claims.sub,
          refreshedAt: null,
        });
        redirect(response, '/', {
          'set-cookie': `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`,
        });
        return;
      }

      if (request.method === 'POST' && url.pathname === '/refresh' && session?.refreshToken) {
        const tokens = await client.refreshTokenGrant(config, session.refreshToken);
        session.refreshToken = tokens.refresh_token ?? session.refreshToken;
        session.idToken = tokens.id_token ?? session.idToken;
        session.claims = { ...(tokens.claims() ?? session.claims) };
        session.refreshedAt = new Date();
        redirect(response, '/');
        return;
      }

      if (request.method === 'GET' && url.pathname === '/logout') {
        if (sessionId) sessions.delete(sessionId);
        const target = session
          ? client.buildEndSessionUrl(config, {
              id_token_hint: session.idToken,
              post_logout_redirect_uri: `${OWN_URL}/`,
            }).href
          : '/';
        redirect(response, target, { 'set-cookie': `${COOKIE}=; Path=/; Max-Age=0` });
        return;
      }

      if (request.method === 'POST' && url.pathname === '/backchannel-logout') {
        const form = await readForm(request);
        const token = form.get('logout_token');
        const accepted = token ? await backchannelLogout(token).catch(() => false) : false;
        response.writeHead(accepted ? 200 : 400, { 'cache-control': 'no-store' });
        response.end();
        return;
      }

      send(response, 404, page('<p>Halaman tidak ditemukan.</p>'));
    })().catch((error: unknown) => {
      console.error('demo platform error', error instanceof Error ? error.message : error);
      if (!response.headersSent) send(response, 500, page('<p>Terjadi kesalahan.</p>'));
    });
  });

  const { port, hostname } = new URL(OWN_URL);
  server.listen(Number(port || 80), hostname, () => {
    console.log(`  Demo platform: ${OWN_URL} (signs in at ${PORTAL_ISSUER})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
