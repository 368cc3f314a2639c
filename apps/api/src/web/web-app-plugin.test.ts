import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let buildDir: string;

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  mkdirSync(path.join(buildDir, 'faq'));
  mkdirSync(path.join(buildDir, 'assets'));
  writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(path.join(buildDir, 'faq', 'index.html'), '<!doctype html><title>faq</title>');
  writeFileSync(path.join(buildDir, '__spa-fallback.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(buildDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_BUILD_DIR: buildDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves prerendered pages, revalidated on every visit', async () => {
    const home = await t.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>home</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const url of ['/faq', '/faq/']) {
      const faq = await t.app.inject(url);
      expect(faq.statusCode).toBe(200);
      expect(faq.body).toContain('<title>faq</title>');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const asset = await t.app.inject('/assets/entry-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the app shell for client-rendered routes, with 404 for paths the app does not have', async () => {
    const profile = await t.app.inject('/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<title>shell</title>');
    const older = await t.app.inject('//home');
    expect(older.statusCode).toBe(200);
    const unknown = await t.app.inject('/tidak-ada');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>shell</title>');
  });

  it('does not let a path escape the build folder, nor dress up a missing file as a page', async () => {
    const escape = await t.app.inject('/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.body).not.toContain('root:');
    const missing = await t.app.inject('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('answers API paths with JSON errors, not the app shell', async () => {
    const reply = await t.app.inject('/belajar-id/unknown/v1/path');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.code).toBe('NOT_FOUND');
  });
});
