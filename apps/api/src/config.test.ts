import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.brand.productName).toBe('belajar');
    expect(config.seedDemo).toBe(true);
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
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://portal@db/portal',
      TRACKING_HMAC_KEY: 'k'.repeat(40),
      EVENT_TRACKER_SECRET: 's'.repeat(20),
      TOKEN_SECRET: 't'.repeat(40),
      BOT_CHECK_SECRET: 'b'.repeat(20),
      SMTP_URL: 'smtp://mail.internal:587',
      PRODUCT_NAME: 'contoh',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.brand.productName).toBe('contoh');
  });
});
