import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { PORTAL_WEB_CLIENT_ID } from '@portal/contracts/sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { discoverClient, PROVIDER_ENDPOINTS } from '../test-support/platform-sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the provider at its issuer', () => {
  it('is discovered by an independent client, with code + PKCE only and every endpoint under /oidc', async () => {
    const rp = await discoverClient(t.app, t.config);
    const metadata = rp.serverMetadata();
    expect(metadata.issuer).toBe('http://localhost:3000/oidc');
    expect(rp.clientMetadata().client_id).toBe(PORTAL_WEB_CLIENT_ID);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'profile', 'email']),
    );
    // The ministry's scopes and their claims, for the platforms.
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['schools', 'user_type']));
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'name', 'email', 'email_verified', 'schools', 'user_type']),
    );
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['none', 'client_secret_basic', 'private_key_jwt']),
    );
    expect(metadata.token_endpoint_auth_methods_supported).not.toContain('client_secret_jwt');
    expect(metadata.backchannel_logout_supported).toBe(true);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['RS256']);
    for (const endpoint of PROVIDER_ENDPOINTS)
      expect(metadata[endpoint]).toMatch(/^http:\/\/localhost:3000\/oidc\//);
    expect(metadata.pushed_authorization_request_endpoint).toBeUndefined();
  });

  it('refuses a Host header that names no host with 400 and the error body', async () => {
    for (const host of ['[::1', 'localhost:99999999', 'a b', '%', 'x@localhost', 'localhost/x']) {
      const reply = await t.app.inject({
        url: '/oidc/.well-known/openid-configuration',
        headers: { host },
      });
      expect(reply.statusCode, host).toBe(400);
      expect(reply.json()).toMatchObject({
        message: ERROR_MESSAGES.dataInvalid,
        error: { code: 'BAD_REQUEST', id: 'bad_request' },
      });
    }
    // Names of this machine and public names still answer.
    for (const host of ['[::1]:3000', '127.0.0.1:3000', 'portal.example.id']) {
      const reply = await t.app.inject({
        url: '/oidc/.well-known/openid-configuration',
        headers: { host },
      });
      expect(reply.statusCode, host).toBe(200);
    }
  });

  it('publishes its signing key, public parts only', async () => {
    const reply = await t.app.inject({ url: '/oidc/jwks', headers: { host: 'localhost:3000' } });
    expect(reply.statusCode).toBe(200);
    const { keys } = reply.json() as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    // The portal's security headers reach the provider's answers too.
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('documents the sign-in page calls in the OpenAPI document, from the contracts', async () => {
    const spec = (await t.app.inject('/docs/json')).json() as {
      paths: Record<string, object>;
      info: { description: string };
    };
    // What a platform receives by scope is documented beside the API.
    expect(spec.info.description).toContain('| `schools` | `schools` |');
    expect(spec.info.description).toContain('| `user_type` | `user_type` |');
    // The provider's own endpoints are described by its discovery document instead.
    expect(
      Object.keys(spec.paths)
        .filter((path) => path.startsWith('/oidc/'))
        .sort(),
    ).toEqual([
      '/oidc/interaction/{uid}',
      '/oidc/interaction/{uid}/consent',
      '/oidc/interaction/{uid}/login',
      '/oidc/interaction/{uid}/new-password',
      '/oidc/interaction/{uid}/passkey',
      '/oidc/interaction/{uid}/totp',
      '/oidc/interaction/{uid}/totp-enrol',
    ]);
  });
});
