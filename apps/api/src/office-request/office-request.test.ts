import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFICE_REQUEST_MESSAGES,
  OFFICE_REQUEST_PATHS,
  OFFICE_REQUEST_PLATFORMS,
  FILE_PARSE_FAILED,
  PRIVATE_UPLOAD_PATH,
} from '@portal/contracts/office-request';
import { TYPED_TEXT_MESSAGES } from '@portal/contracts/typed-text';
import { officeAccountRequests, outboxMessages, privateUploads, referralCodes } from '../db/schema';
import {
  malformedMultipartBodies,
  manyPagesPdf,
  multipartFile,
  objectStreamPdf,
  onePagePdf,
} from '../test-support/pdf-fixture';
import { loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

const api = '/belajar-id';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ BOT_CHECK: 'off' });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});

// A 1x1 PNG: its own signature, whatever the name says.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function upload(filename: string, bytes: Buffer, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: `${api}${PRIVATE_UPLOAD_PATH}`,
    remoteAddress: ip,
    ...multipartFile(filename, bytes),
  });
}

/**
 * Uploads a letter while `/healthz` is asked every 100 ms: answers the upload's reply, the
 * slowest health answer counted from when it was due (a blocked event loop makes it late), and
 * how far the process' memory grew meanwhile.
 */
async function uploadWhileWatched(bytes: Buffer, ip: string) {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  let slowestHealthMs = 0;
  let done = false;
  const probes = (async () => {
    let due = Date.now();
    while (!done) {
      due += 100;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, Date.now() - due);
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }
  })();
  const reply = await upload('surat.pdf', bytes, ip);
  done = true;
  await probes;
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  return { reply, slowestHealthMs, rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024 };
}

const expectParseFailure = (reply: Awaited<ReturnType<typeof upload>>) => {
  expect(reply.statusCode).toBe(400);
  expect(reply.json().message).toBe(FILE_PARSE_FAILED);
  expect(reply.json().error.id).toBe('file_unreadable');
};

describe('the lists of the office request', () => {
  it('lists the regencies and cities of a province, the positions and the platforms', async () => {
    const cities = await t.app.inject({ url: `${api}${OFFICE_REQUEST_PATHS.cities}?province=32` });
    expect(cities.statusCode).toBe(200);
    expect(cities.json().data).toEqual([{ id: '32.73', name: 'Kota Bandung' }]);
    for (const province of ['99', 'x', '']) {
      const bad = await t.app.inject({
        url: `${api}${OFFICE_REQUEST_PATHS.cities}?province=${province}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toBe('Pilih provinsi.');
    }
    const positions = (
      await t.app.inject({ url: `${api}${OFFICE_REQUEST_PATHS.positions}` })
    ).json();
    expect(positions.data.map((p: { id: string }) => p.id)).toContain('lainnya');
    const platforms = (
      await t.app.inject({ url: `${api}${OFFICE_REQUEST_PATHS.platforms}` })
    ).json();
    expect(platforms.data).toEqual(OFFICE_REQUEST_PLATFORMS);
    expect(platforms.data.map((p: { platform_name: string }) => p.platform_name)).toContain(
      'Merdeka Mengajar',
    );
  });
});

describe('referral codes', () => {
  const check = (code: unknown, ip = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: `${api}${OFFICE_REQUEST_PATHS.referralCode}`,
      remoteAddress: ip,
      payload: { referral_code: code },
    });

  it('says whether a code can be used: valid, unknown, revoked, expired, used up', async () => {
    const day = 86_400_000;
    await t.database.db.insert(referralCodes).values([
      { code: 'DINAS2026A', maxUses: 3, uses: 1, expiresAt: new Date(Date.now() + day) },
      { code: 'DINAS2026B', maxUses: 3, revokedAt: new Date() },
      { code: 'DINAS2026C', maxUses: 3, expiresAt: new Date(Date.now() - 1000) },
      { code: 'DINAS2026D', maxUses: 2, uses: 2 },
    ]);
    const valid = await check(' dinas2026a ');
    expect(valid.statusCode).toBe(200);
    expect(valid.json().data).toMatchObject({ valid: true });
    // How many more offices may use a code is not the public's to know.
    expect(JSON.stringify(valid.json())).not.toMatch(/uses|left/);
    const cases = [
      ['NOSUCHCODE', 404, 'referral_unknown', 'Kode referral tidak ditemukan.'],
      ['DINAS2026B', 400, 'referral_revoked', 'Kode referral sudah dicabut.'],
      ['DINAS2026C', 400, 'referral_expired', 'Kode referral sudah tidak berlaku.'],
      ['DINAS2026D', 400, 'referral_used_up', 'Kode referral sudah habis dipakai.'],
    ] as const;
    for (const [code, status, id, message] of cases) {
      const reply = await check(code, '198.51.100.2');
      expect(reply.statusCode, code).toBe(status);
      expect(reply.json().error.id).toBe(id);
      expect(reply.json().message).toBe(message);
    }
    for (const bad of ['abc', 'x'.repeat(33), 'KODE-2026', 42, null]) {
      const reply = await check(bad, '198.51.100.3');
      expect(reply.statusCode).toBe(400);
    }
  });

  it('limits checks per address, so codes cannot be found by trying', async () => {
    const answers = [];
    for (let i = 0; i < 12; i += 1)
      answers.push((await check(`TRY${i}CODE`, '198.51.100.9')).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });
});

describe("the office's letter", () => {
  it('keeps a valid PDF under a generated name and answers an opaque reference', async () => {
    const reply = await upload('../../etc/Surat Dinas.pdf', onePagePdf());
    expect(reply.statusCode).toBe(200);
    const { url } = reply.json().data;
    expect(url).toMatch(/^upload:[\w-]{22}$/);
    const [row] = await t.database.db
      .select()
      .from(privateUploads)
      .where(eq(privateUploads.id, url.slice('upload:'.length)));
    expect(row).toMatchObject({ pages: 1, claimedAt: null });
    // Stored inside the upload folder under our own name: the client's path means nothing.
    expect(row?.storageKey).toMatch(/^letters\/\d{4}\/[0-9a-f]{32}\.pdf$/);
    const stored = path.join(t.config.uploads.dir, ...row!.storageKey.split('/'));
    expect(await readFile(stored)).toEqual(onePagePdf());
    expect(JSON.stringify(await readdir(t.config.uploads.dir, { recursive: true }))).not.toContain(
      'Surat',
    );
  });

  it('answers `failed to parse file` for a PNG named .pdf, a truncated PDF, or another name', async () => {
    const pdf = onePagePdf();
    for (const [name, bytes] of [
      ['surat.pdf', PNG],
      ['surat.pdf', pdf.subarray(0, Math.floor(pdf.length / 2))],
      ['surat.pdf', Buffer.from('%PDF-1.4\nnot really a pdf\n%%EOF\n')],
      ['surat.exe', pdf],
      ['surat.pdf', Buffer.alloc(0)],
    ] as const) {
      const reply = await upload(name, bytes, '203.0.113.8');
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json().message).toBe(FILE_PARSE_FAILED);
      expect(reply.json().error.id).toBe('file_unreadable');
    }
  });

  it('refuses a letter of thousands of pages, while other requests keep their answers', async () => {
    const pdf = manyPagesPdf(10_000);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    const { reply, slowestHealthMs } = await uploadWhileWatched(pdf, '203.0.113.11');
    expectParseFailure(reply);
    expect(slowestHealthMs).toBeLessThan(1000);
    // A real letter's length (up to the bound) still passes.
    expect((await upload('surat.pdf', manyPagesPdf(50), '203.0.113.11')).statusCode).toBe(200);
  });

  it('refuses an object stream that inflates to hundreds of MB, without taking the memory', async () => {
    const bomb = await objectStreamPdf({ padding: 400 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { reply, slowestHealthMs, rssGrowthMb } = await uploadWhileWatched(bomb, '203.0.113.12');
    expectParseFailure(reply);
    expect(slowestHealthMs).toBeLessThan(1000);
    expect(rssGrowthMb).toBeLessThan(200);
    // The same structure without the padding is an ordinary letter.
    expect((await upload('surat.pdf', await objectStreamPdf(), '203.0.113.12')).statusCode).toBe(
      200,
    );
  });

  it('refuses a letter carrying JavaScript, in the open or inside an object stream', async () => {
    const openAction = '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>';
    for (const pdf of [
      onePagePdf('Surat Dinas', openAction),
      // A name may spell its letters as #xx: this is /JS and /JavaScript all the same.
      onePagePdf('Surat Dinas', '/OpenAction << /S /Java#53cript /J#53 (app.alert\\(1\\)) >>'),
      onePagePdf(
        'Surat Dinas',
        '/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (1) >>] >> >>',
      ),
      onePagePdf('Surat Dinas', '/AA << /WC << /S /JavaScript /JS (1) >> >>'),
      await objectStreamPdf({ catalog: openAction }),
    ]) {
      expectParseFailure(await upload('surat.pdf', pdf, '203.0.113.13'));
    }
  });

  it('refuses a 6 MB file with 413 and keeps nothing of it', async () => {
    const before = await t.database.db.select().from(privateUploads);
    const big = Buffer.concat([onePagePdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const reply = await upload('surat.pdf', big, '203.0.113.9');
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toBe('Ukuran berkas paling besar 5 MB.');
    expect(await t.database.db.select().from(privateUploads)).toHaveLength(before.length);
  });

  it('removes a letter no request took within a day, file and row', async () => {
    const reply = await upload('surat.pdf', onePagePdf('Tidak dikirim'), '203.0.113.10');
    const id = reply.json().data.url.slice('upload:'.length);
    const [row] = await t.database.db
      .select()
      .from(privateUploads)
      .where(eq(privateUploads.id, id));
    const file = path.join(t.config.uploads.dir, ...row!.storageKey.split('/'));
    expect(await t.app.services.uploads.removeUnclaimedUploads()).toBe(0);
    await t.database.db
      .update(privateUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(privateUploads.id, id));
    expect(await t.app.services.uploads.removeUnclaimedUploads()).toBe(1);
    expect(
      await t.database.db.select().from(privateUploads).where(eq(privateUploads.id, id)),
    ).toEqual([]);
    await expect(readFile(file)).rejects.toThrow();
  });

  it('answers a malformed multipart body with 400 and the error body, in production too', async () => {
    const production = await createTestApp({ BOT_CHECK: 'off' }, (config) => ({
      ...config,
      env: 'production',
    }));
    const ids = new Set<string>();
    try {
      for (const app of [t.app, production.app]) {
        for (const [index, body] of malformedMultipartBodies().entries()) {
          const reply = await app.inject({
            method: 'POST',
            url: `${api}${PRIVATE_UPLOAD_PATH}`,
            remoteAddress: `203.0.113.${120 + index}`,
            ...body,
          });
          expect(reply.statusCode, `body ${index}: ${reply.body}`).toBe(400);
          // A body cut inside its file is broken; one whose parts hold no file has none.
          const { error, errors } = reply.json();
          expect(errors, `body ${index}`).toEqual([
            {
              field: 'file',
              message:
                error.id === 'bad_request'
                  ? OFFICE_REQUEST_MESSAGES.uploadMalformed
                  : OFFICE_REQUEST_MESSAGES.fileMissing,
            },
          ]);
          ids.add(error.id);
        }
      }
    } finally {
      await production.close();
    }
    expect([...ids].sort()).toEqual(['bad_request', 'validation_failed']);
  });

  it('asks for a file when the body has none', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `${api}${PRIVATE_UPLOAD_PATH}`,
      payload: { file: 'x' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toEqual({
      field: 'file',
      message: 'Pilih berkas surat dinas (PDF).',
    });
  });
});

describe('the office request', () => {
  let letter: string;
  const newLetter = async (ip: string) =>
    (await upload('surat.pdf', onePagePdf(), ip)).json().data.url as string;
  const form = (overrides: Record<string, unknown> = {}) => ({
    requestKey: randomUUID(),
    name: 'Ahmad Fauzi',
    nik: '3273013006750004',
    birthDate: '1975-06-30',
    motherName: 'Rohimah',
    email: 'Ahmad.Fauzi@Example.com',
    phone: '0812-3456-7890',
    province: '32',
    city: '32.73',
    dinasType: 'kota_kabupaten',
    position: 'kepala-bidang',
    referralCode: 'KODEDINAS01',
    suratDinas: 'Permohonan Akun belajar.id',
    nomorSuratDinas: '421/123/Disdik/2026',
    platform: ['merdeka-mengajar'],
    document: { letter },
    password: 'Gedung sate di Bandung 2026',
    ...overrides,
  });
  const submit = (body: object, ip = '192.0.2.50') =>
    t.app.inject({
      method: 'POST',
      url: `${api}${OFFICE_REQUEST_PATHS.request}`,
      remoteAddress: ip,
      payload: body,
    });

  beforeAll(async () => {
    await t.database.db.insert(referralCodes).values([
      { code: 'KODEDINAS01', maxUses: 5 },
      { code: 'KODESEKALI', maxUses: 1 },
    ]);
  });

  it('records the request, takes one use of the code and the letter, and mails the number', async () => {
    letter = await newLetter('192.0.2.1');
    const body = form();
    const reply = await submit(body);
    expect(reply.statusCode).toBe(201);
    const { data } = reply.json();
    expect(data).toMatchObject({ status: 'submitted', estimate_days: 14 });
    expect(data.request_number).toMatch(/^DNS-\d{4}-\d{6}$/);
    const [row] = await t.database.db
      .select()
      .from(officeAccountRequests)
      .where(eq(officeAccountRequests.requestKey, body.requestKey));
    expect(row).toMatchObject({
      email: 'ahmad.fauzi@example.com',
      phone: '081234567890',
      regionCode: '32.73',
      officeType: 'kota_kabupaten',
      platforms: ['merdeka-mengajar'],
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [code] = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.code, 'KODEDINAS01'));
    expect(code?.uses).toBe(1);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'office-request-received'));
    expect(mail?.recipient).toBe('ahmad.fauzi@example.com');
    expect(mail?.bodyText).toContain(data.request_number);
    expect(mail?.bodyText).not.toContain('Gedung sate');

    // The same form again (a double click, a retry): the same request, nothing more taken.
    const again = await submit(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.request_number).toBe(data.request_number);
    const [after] = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.code, 'KODEDINAS01'));
    expect(after?.uses).toBe(1);
  });

  it('makes one request of two identical submissions sent at once', async () => {
    letter = await newLetter('192.0.2.2');
    const body = form();
    const [a, b] = await Promise.all([submit(body), submit(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.request_number).toBe(b.json().data.request_number);
  });

  it('refuses a letter already used, and leaves the code untouched', async () => {
    const reply = await submit(form());
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toEqual({
      field: 'document.letter',
      message: 'Berkas tidak ditemukan atau sudah dipakai. Unggah ulang berkasnya.',
    });
    const [code] = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.code, 'KODEDINAS01'));
    expect(code?.uses).toBe(2);
  });

  it('gives the last use of a code to one office only', async () => {
    const [first, second] = [await newLetter('192.0.2.3'), await newLetter('192.0.2.4')];
    const replies = await Promise.all([
      submit(form({ referralCode: 'KODESEKALI', document: { letter: first } })),
      submit(form({ referralCode: 'KODESEKALI', document: { letter: second } })),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = replies.find((r) => r.statusCode === 400)!;
    expect(refused.json().error.id).toBe('referral_used_up');
    // The refused office's letter stays its own, free for the next try.
    const free = await t.database.db
      .select()
      .from(privateUploads)
      .where(sql`${privateUploads.claimedAt} IS NULL`);
    expect(free.map((u) => `upload:${u.id}`)).toContain(
      replies[0]!.statusCode === 400 ? first : second,
    );
  });

  it('is closed while ACCOUNT_CREATION is off, and takes nothing', async () => {
    letter = await newLetter('192.0.2.70');
    await t.app.services.featureToggles.setToggle('ACCOUNT_CREATION', false);
    try {
      const reply = await submit(form(), '192.0.2.71');
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({
        message: 'Pengajuan akun sedang tidak dibuka.',
        error: { id: 'account_creation_off' },
      });
    } finally {
      await t.app.services.featureToggles.setToggle('ACCOUNT_CREATION', true);
    }
    // The letter is still free for the request once it opens again.
    expect((await submit(form(), '192.0.2.72')).statusCode).toBe(201);
  });

  it('checks each field, in Indonesian, and writes nothing', async () => {
    letter = await newLetter('192.0.2.5');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Wajib Diisi'],
      [{ name: '1234' }, 'name', 'Nama harus berisi huruf.'],
      [{ nik: '12345' }, 'nik', 'NIK terdiri dari 16 angka.'],
      [{ birthDate: '2030-01-01' }, 'birthDate', 'Tanggal Tidak Valid'],
      [{ motherName: '' }, 'motherName', 'Wajib Diisi'],
      [{ email: 'bukan-email' }, 'email', 'Format email tidak valid.'],
      [{ phone: '12345' }, 'phone', 'Nomor telepon tidak valid. Contoh: 081234567890.'],
      [{ province: '3' }, 'province', 'Pilih provinsi.'],
      [{ city: undefined }, 'city', 'Pilih kabupaten/kota di provinsi yang dipilih.'],
      [{ city: '11.01' }, 'city', 'Pilih kabupaten/kota di provinsi yang dipilih.'],
      [{ position: 'raja' }, 'position', 'Pilih jabatan.'],
      [{ position: 'lainnya' }, 'positionOther', 'Tuliskan jabatan Anda.'],
      [
        { referralCode: 'ab' },
        'referralCode',
        'Kode referral terdiri dari 6 sampai 32 huruf atau angka.',
      ],
      [{ suratDinas: '' }, 'suratDinas', 'Wajib Diisi'],
      [{ nomorSuratDinas: 'x'.repeat(101) }, 'nomorSuratDinas', 'Isian terlalu panjang.'],
      [{ platform: [] }, 'platform', 'Pilih minimal satu platform.'],
      [
        { document: { letter: 'https://example.com/a.pdf' } },
        'document.letter',
        'Berkas tidak ditemukan atau sudah dipakai. Unggah ulang berkasnya.',
      ],
      [{ password: 'pendek' }, 'password', 'Kata sandi minimal 8 karakter.'],
      [
        { password: 'password123' },
        'password',
        'Kata sandi ini terlalu umum dan mudah ditebak. Pilih kata sandi lain.',
      ],
      [{ requestKey: 'x' }, 'requestKey', 'Muat ulang halaman lalu kirim lagi.'],
    ];
    const before = await t.database.db.select().from(officeAccountRequests);
    for (const [overrides, field, message] of cases) {
      const reply = await submit(form(overrides), '192.0.2.60');
      expect(reply.statusCode, field).toBe(400);
      expect(reply.json().errors, field).toContainEqual({ field, message });
    }
    // A provincial office names no city; the province alone is its region.
    const provincial = await submit(form({ dinasType: 'provinsi', city: undefined }), '192.0.2.61');
    expect(provincial.statusCode).toBe(201);
    expect(await t.database.db.select().from(officeAccountRequests)).toHaveLength(
      before.length + 1,
    );
  });
  it('refuses a control character in any text field, in Indonesian, and writes nothing', async () => {
    letter = await newLetter('192.0.2.6');
    // PostgreSQL refuses NUL in text, so the API must refuse it first with a 400, not a 500.
    const cases: [Record<string, unknown>, string][] = [
      [{ suratDinas: 'Permohonan\u0000Akun' }, 'suratDinas'],
      [{ nomorSuratDinas: '421/9\u0000/2026' }, 'nomorSuratDinas'],
      [{ position: 'lainnya', positionOther: 'Analis\u0000Kurikulum' }, 'positionOther'],
      [{ name: 'Ahmad\u0000Fauzi' }, 'name'],
      [{ motherName: 'Rohimah\u0000' }, 'motherName'],
      [{ suratDinas: 'Permohonan\u001b[31mAkun' }, 'suratDinas'],
      [{ name: 'Ahmad\u0085Fauzi' }, 'name'],
    ];
    const before = await t.database.db.select().from(officeAccountRequests);
    for (const [overrides, field] of cases) {
      const reply = await submit(form(overrides), '192.0.2.62');
      expect(reply.statusCode, field).toBe(400);
      expect(reply.json(), field).toMatchObject({
        message: TYPED_TEXT_MESSAGES.controlCharacters,
        error: { id: 'validation_failed' },
        errors: [{ field, message: TYPED_TEXT_MESSAGES.controlCharacters }],
      });
    }
    expect(await t.database.db.select().from(officeAccountRequests)).toHaveLength(before.length);
  });

  it('keeps the language the form was sent in, and mails the applicant in it', async () => {
    await t.database.db.insert(referralCodes).values({ code: 'KODEINGGRIS', maxUses: 1 });
    letter = await newLetter('192.0.2.80');
    const body = form({ referralCode: 'KODEINGGRIS', email: 'english.reader@example.com' });
    const reply = await t.app.inject({
      method: 'POST',
      url: `${api}${OFFICE_REQUEST_PATHS.request}`,
      remoteAddress: '192.0.2.80',
      headers: { 'accept-language': 'en' },
      payload: body,
    });
    expect(reply.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(officeAccountRequests)
      .where(eq(officeAccountRequests.requestKey, body.requestKey));
    expect(row?.language).toBe('en');
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'english.reader@example.com'));
    expect(mail?.language).toBe('en');
    expect(mail?.subject).toBe(
      `Office belajar.id Account request received: ${reply.json().data.request_number}`,
    );
    expect(mail?.bodyText).toContain('Our team will check the official letter');
    // The Indonesian default: every request above was sent without the header.
    const [first] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ahmad.fauzi@example.com'));
    expect(first?.language).toBe('id');
  });
});
