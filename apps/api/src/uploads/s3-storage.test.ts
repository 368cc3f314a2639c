import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_UPLOAD_PATH } from '@portal/contracts/office-request';
import { privateUploads } from '../db/schema';
import { multipartFile, onePagePdf } from '../test-support/pdf-fixture';
import { freePort } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The letters on an S3-compatible server (s3rver, from npm, on loopback) instead of the folder.

const BUCKET = 'portal-letters';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let directory: string;
let endpoint: string;
let t: TestApp;

const listKeys = async () => {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (answer.Contents ?? []).map((object) => object.Key);
};

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_PREFIX: 'letters-test/',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('letters on S3-compatible storage', () => {
  it('stores the letter in the bucket under a generated key, and the sweep removes it', async () => {
    const pdf = onePagePdf();
    const reply = await t.app.inject({
      method: 'POST',
      url: `/belajar-id${PRIVATE_UPLOAD_PATH}`,
      ...multipartFile('surat.pdf', pdf),
    });
    expect(reply.statusCode).toBe(200);
    const id = String(reply.json().data.url).slice('upload:'.length);
    const [row] = await t.database.db
      .select()
      .from(privateUploads)
      .where(eq(privateUploads.id, id));
    expect(await listKeys()).toEqual([`letters-test/${row!.storageKey}`]);
    expect(await t.app.services.storage.get(row!.storageKey)).toEqual(pdf);

    await t.database.db
      .update(privateUploads)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(privateUploads.id, id));
    expect(await t.app.services.uploads.removeUnclaimedUploads()).toBe(1);
    expect(await listKeys()).toEqual([]);
  });
});
