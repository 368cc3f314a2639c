import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, ERROR_IDS } from '@portal/contracts/api-error';
import { createTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('operations', () => {
  it('is alive and ready when the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', outbox: { status: 'ok', failing: 0 } });
  });

  it('serves the OpenAPI document generated from the contracts, and its browser', async () => {
    const spec = (await t.app.inject('/docs/json')).json() as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/belajar-id/remote-config/v1/config');
    expect(Object.keys(spec.paths)).toContain('/belajar-id/event-tracker/v1/events');
    // Error answers list every error id and say when each comes (decision 0218).
    const errorAnswer = JSON.stringify(
      (spec.paths[
        '/belajar-id/account-lookup/v1/lookup/self-reset-password/validate-otp'
      ] as object) ?? {},
    );
    for (const id of Object.keys(ERROR_IDS)) expect(errorAnswer).toContain(`"${id}"`);
    expect(errorAnswer).toContain('`email_change_old_code_invalid`: The code sent to the contact');
    const ui = await t.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves /docs in production only when API_DOCS says so (decision 0215)', async () => {
    const production = (docs: Record<string, string>) =>
      createTestApp(docs, (config) => ({
        ...config,
        env: 'production',
        apiDocs: docs['API_DOCS'] === 'on',
      }));
    const closed = await production({});
    const open = await production({ API_DOCS: 'on' });
    try {
      expect((await closed.app.inject('/docs/json')).statusCode).toBe(404);
      expect((await open.app.inject('/docs/json')).statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });

  it('sends security headers on every reply', async () => {
    const reply = await t.app.inject('/healthz');
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('error bodies (SPEC §8)', () => {
  it('answers an unknown API path with 404 in the error shape', async () => {
    const reply = await t.app.inject('/belajar-id/nothing-here');
    expect(reply.statusCode).toBe(404);
    const body = ApiErrorBodySchema.parse(reply.json());
    expect(body.error).toMatchObject({ code: 'NOT_FOUND', id: 'not_found' });
    expect(body.message).toBe(body.error.message);
    expect(body.errors[0]?.message).toBe(body.message);
  });

  it('answers headers too large (431) in the SPEC §8 shape, in Indonesian', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const reply = await fetch(`${address}/healthz`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(reply.status).toBe(431);
    const body = ApiErrorBodySchema.parse(await reply.json());
    expect(body.message).toBe('Data yang dikirim terlalu besar.');
    expect(body.error.id).toBe('payload_too_large');
  });

  it('answers malformed JSON with a 400 in Indonesian, not a 500', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/belajar-id/event-tracker/v1/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"event_name":',
    });
    expect(reply.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(reply.json()).message).toBe(
      'Data yang Anda masukkan salah. Mohon periksa kembali.',
    );
  });

  it('answers an unsupported content type with 415', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/belajar-id/event-tracker/v1/events',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(reply.statusCode).toBe(415);
    expect(ApiErrorBodySchema.parse(reply.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('readiness without a database', () => {
  it('says unavailable (503) once the database stops answering', async () => {
    const other = await createTestApp();
    await other.database.close();
    const reply = await other.app.inject('/readyz');
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ status: 'unavailable' });
    await other.close().catch(() => undefined);
  });
});
