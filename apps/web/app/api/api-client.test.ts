import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getFile, getJson, postJson } from '~/api/api-client';
import { changeLanguage, i18n } from '~/i18n/i18n';

afterEach(() => vi.unstubAllGlobals());

const Schema = z.object({ data: z.object({ ok: z.boolean() }) });

describe('api client', () => {
  it('sends JSON to the product prefix with the bearer token and validates the answer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await postJson(
      '/account-lookup/v1/lookup/change-email',
      { email: 'a@b.id' },
      Schema,
      {
        token: 'tok',
      },
    );
    expect(result.data.ok).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/belajar-id/account-lookup/v1/lookup/change-email');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(init.body).toBe('{"email":"a@b.id"}');
  });

  it('gets a file with the bearer token, and a refused one as the server’s error', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.7', {
          headers: { 'content-disposition': 'inline; filename="surat.pdf"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, fileName } = await getFile('/console/v1/office-requests/7/letter', {
      token: 'tok',
    });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(fileName).toBe('surat.pdf');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/belajar-id/console/v1/office-requests/7/letter');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ id: 'not_found', message: 'Tidak ditemukan.' }, { status: 404 }),
      ),
    );
    const refused = await getFile('/console/v1/office-requests/8/letter').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
  });

  it('tells the API the language the visitor reads the site in, for the mails a call causes', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const languageOf = (call: number) =>
      (
        (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<
          string,
          string
        >
      )['accept-language'];
    await postJson('/password-reset/v1/send-otp', {}, Schema);
    expect(languageOf(0)).toBe('id');
    try {
      await changeLanguage('en');
      await postJson('/password-reset/v1/send-otp', {}, Schema);
      expect(languageOf(1)).toBe('en');
    } finally {
      await i18n.changeLanguage('id');
    }
  });

  it('reads the message and field errors of an error body in the order of SPEC §8', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message: 'Wajib Diisi',
            error: { code: 'VALIDATION_FAILED', message: 'Wajib Diisi' },
            errors: [{ field: 'name', message: 'Wajib Diisi' }],
          },
          { status: 400 },
        ),
      ),
    );
    const error = (await getJson('/x', Schema, { query: { npsn: '1' } }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Wajib Diisi');
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Wajib Diisi' }]);
    expect(error.id).toBeNull();
  });

  it('reads the error id and its numbers beside the message', async () => {
    const message = 'Kode OTP salah. Sisa percobaan: 3.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message,
            error: {
              code: 'VALIDATION_FAILED',
              id: 'reset_code_invalid',
              message,
              attempts_left: 3,
            },
            errors: [{ field: 'otp', message }],
          },
          { status: 400 },
        ),
      ),
    );
    const error = (await getJson('/x', Schema).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ id: 'reset_code_invalid', attemptsLeft: 3, retryAfter: null });
    expect(error.fieldMessage({ field: 'otp', message })).toBe(error);
    expect(error.fieldMessage({ field: 'x', message: 'Wajib Diisi' })).toEqual({
      field: 'x',
      message: 'Wajib Diisi',
    });
  });

  it('gives the wait of a 429 and falls back to Indonesian messages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('busy', { status: 429, headers: { 'retry-after': '30' } })),
    );
    const limited = (await getJson('/x', Schema).catch((caught: unknown) => caught)) as ApiError;
    expect(limited.retryAfter).toBe(30);
    expect(limited.id).toBe('rate_limited');
    expect(limited.message).toBe(
      'Terlalu banyak permintaan. Silakan tunggu sebentar lalu coba lagi.',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = (await getJson('/x', Schema).catch((caught: unknown) => caught)) as ApiError;
    expect(offline.status).toBe(0);
    expect(offline.message).toBe('Terjadi kesalahan. Silahkan coba lagi.');
    expect(offline.id).toBe('internal');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { ok: 'yes' } })),
    );
    const broken = (await getJson('/x', Schema).catch((caught: unknown) => caught)) as ApiError;
    expect(broken.message).toBe('Terjadi kesalahan. Silahkan coba lagi.');
  });
});
