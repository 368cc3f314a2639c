import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://portal@db/portal',
    TRACKING_HMAC_KEY: 'k'.repeat(40),
    EVENT_TRACKER_SECRET: 's'.repeat(20),
    TOKEN_SECRET: 't'.repeat(40),
    BOT_CHECK_SECRET: 'b'.repeat(20),
    SMTP_URL: 'smtp://mail.internal:587',
    SMS_GATEWAY_URL: 'https://sms.internal/send',
    SMS_GATEWAY_KEY: 'k'.repeat(20),
    PUBLIC_URL: 'https://akun.belajar.id',
  };

  it('starts on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.brand.productName).toBe('belajar');
    expect(config.seedDemo).toBe(true);
  });

  it('runs the registry sync and the deletion lifecycle on their schedules, or as told', () => {
    expect(loadConfig({}).jobs).toMatchObject({
      registrySyncEverySeconds: 900,
      accountDeletionEverySeconds: 3600,
    });
    const fast = loadConfig({
      REGISTRY_SYNC_EVERY_SECONDS: '2',
      ACCOUNT_DELETION_EVERY_SECONDS: '3',
    });
    expect(fast.jobs).toMatchObject({
      registrySyncEverySeconds: 2,
      accountDeletionEverySeconds: 3,
    });
    expect(() => loadConfig({ ACCOUNT_DELETION_EVERY_SECONDS: '0' })).toThrow(
      /ACCOUNT_DELETION_EVERY_SECONDS/,
    );
  });

  it('reads an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '', DATABASE_URL: '' }).redisUrl).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PRODUCT_NAME: 'Bad Name' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/PRODUCT_NAME/);
  });

  it('refuses development defaults in production', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    expect(attempt).toThrow(/DATABASE_URL: is required in production/);
    expect(attempt).toThrow(/TRACKING_HMAC_KEY: must be set in production/);
    expect(attempt).toThrow(/EVENT_TRACKER_SECRET: must be set in production/);
    expect(attempt).toThrow(/TOKEN_SECRET: must be set in production/);
    expect(attempt).toThrow(/SMTP_URL: is required in production/);
  });

  it('accepts a complete production environment and does not seed demo data there', () => {
    const config = loadConfig({ ...production, PRODUCT_NAME: 'contoh' });
    expect(config.seedDemo).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.apiDocs).toBe(false);
    expect(config.brand.productName).toBe('contoh');
  });

  it('shortens the code cooldown outside production only', () => {
    expect(
      loadConfig({ CODE_RESEND_COOLDOWN_SECONDS: '15' }).limits.codeResendCooldownSeconds,
    ).toBe(15);
    expect(loadConfig({ ...production }).limits.codeResendCooldownSeconds).toBe(60);
    expect(() => loadConfig({ ...production, CODE_RESEND_COOLDOWN_SECONDS: '15' })).toThrow(
      /CODE_RESEND_COOLDOWN_SECONDS: cannot be under the policy's 60 s in production/,
    );
  });

  it('refuses production without an SMS gateway, naming the variables', () => {
    const attempt = () => loadConfig({ ...production, SMS_GATEWAY_KEY: '' });
    expect(attempt).toThrow(/SMS_GATEWAY_URL and SMS_GATEWAY_KEY are required in production/);
    expect(attempt).toThrow(/REQUEST_PASSWORD_BY_PHONE/);
  });

  it('refuses several production instances without Redis or shared letter storage', () => {
    expect(() => loadConfig({ ...production, INSTANCES: '3' })).toThrow(
      /REDIS_URL: is required with INSTANCES=3/,
    );
    expect(() => loadConfig({ ...production, INSTANCES: '3' })).toThrow(
      /S3_BUCKET: is required with INSTANCES=3/,
    );
    const shared = { ...production, INSTANCES: '3', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ ...shared, S3_BUCKET: 'surat-dinas' }).instances).toBe(3);
    expect(loadConfig({ ...shared, UPLOAD_DIR: '/mnt/shared/uploads' }).instances).toBe(3);
  });

  it('trusts no proxy unless told: a hop count, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('derives the sign-in provider from the public URL, or reads it', () => {
    expect(loadConfig({}).oidc).toEqual({
      issuer: 'http://localhost:3000/oidc',
      audience: 'http://localhost:3000/belajar-id',
      webOrigin: 'http://localhost:3000',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://akun.example.id/portal' }).oidc.issuer).toBe(
      'https://akun.example.id/oidc',
    );
    const configured = loadConfig({
      OIDC_ISSUER: 'https://login.example.id/idp/',
      OIDC_AUDIENCE: 'https://api.example.id',
      WEB_ORIGIN: 'https://www.example.id',
    }).oidc;
    expect(configured).toEqual({
      issuer: 'https://login.example.id/idp',
      audience: 'https://api.example.id',
      webOrigin: 'https://www.example.id',
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.id' })).toThrow(
      /OIDC_ISSUER: needs a path/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.id/oidc?x=1' })).toThrow(
      /OIDC_ISSUER: must have no query/,
    );
    expect(() => loadConfig({ WEB_ORIGIN: 'https://www.example.id/app' })).toThrow(
      /WEB_ORIGIN: must be an origin/,
    );
  });

  it('refuses a sign-in provider without https in production', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(
      /OIDC_ISSUER: must be an https:\/\/ URL in production/,
    );
    expect(loadConfig(production).oidc.issuer).toBe('https://akun.belajar.id/oidc');
  });
});
