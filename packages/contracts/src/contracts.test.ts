import { describe, expect, it } from 'vitest';
import { BirthDateSchema, LookupRequestSchema } from './account-lookup';
import { ApiErrorBodySchema, readErrorFacts, readErrorMessage } from './api-error';
import { accountDomain, apiPrefix, defaultPageTitle, DEFAULT_BRAND } from './brand';
import { NewPasswordSchema, SetPasswordBodySchema, resetVerifyBodySchema } from './password-reset';
import { SignInBodySchema } from './sign-in';
import { NpsnSchema } from './user-types';
import { CONSOLE_SECTIONS, STAFF_INVITATION_PAGE } from './staff';
import { CONSOLE_SECTION_PAGES, isKnownWebPath, WEB_ROUTES } from './web-routes';

describe('brand', () => {
  it('derives the account domain, the API prefix and the default title of SPEC §9', () => {
    expect(accountDomain(DEFAULT_BRAND)).toBe('belajar.id');
    expect(apiPrefix(DEFAULT_BRAND)).toBe('/belajar-id');
    expect(defaultPageTitle(DEFAULT_BRAND)).toBe('Akun belajar.id | Kemendikdasmen');
  });
});

describe('readErrorMessage (SPEC §8 order)', () => {
  it('reads error.message with its description, then message, then errors[0], then the transport', () => {
    expect(readErrorMessage({ error: { message: 'A', description: 'B' }, message: 'C' }, 'T')).toBe(
      'A B',
    );
    expect(readErrorMessage({ message: 'C', errors: [{ message: 'D' }] }, 'T')).toBe('C');
    expect(readErrorMessage({ errors: [{ message: 'D' }] }, 'T')).toBe('D');
    expect(readErrorMessage('<html>', 'T')).toBe('T');
  });
});

describe('readErrorFacts', () => {
  it('reads the id and the numbers beside the message', () => {
    const body = ApiErrorBodySchema.parse({
      message: 'M',
      error: {
        code: 'VALIDATION_FAILED',
        id: 'reset_code_invalid',
        message: 'M',
        attempts_left: 3,
      },
      errors: [{ field: 'otp', message: 'M' }],
    });
    expect(readErrorFacts(body)).toEqual({
      id: 'reset_code_invalid',
      attemptsLeft: 3,
      retryAfter: null,
    });
    expect(readErrorFacts({ error: { id: 'rate_limited', retry_after: 42 } })).toEqual({
      id: 'rate_limited',
      attemptsLeft: null,
      retryAfter: 42,
    });
  });

  it('answers null for an unknown id, a wrong number or no body', () => {
    const none = { id: null, attemptsLeft: null, retryAfter: null };
    expect(readErrorFacts({ error: { id: 'from_a_newer_server', attempts_left: -1 } })).toEqual(
      none,
    );
    expect(readErrorFacts({ error: { id: 'rate_limited', retry_after: '42' } })).toEqual({
      ...none,
      id: 'rate_limited',
    });
    expect(readErrorFacts('<html>')).toEqual(none);
  });
});

describe('NPSN', () => {
  it('takes 8 digits, or P/K and 7 digits', () => {
    for (const ok of ['20212345', 'P1234567', 'k1234567 '])
      expect(NpsnSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['2021234', '202123456', 'X1234567', ''])
      expect(NpsnSchema.safeParse(bad).success).toBe(false);
  });
});

describe('birth date', () => {
  it('takes a real date within the picker years (SPEC §5), else says Tanggal Tidak Valid', () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    expect(BirthDateSchema.safeParse(`${lastYear}-01-31`).success).toBe(true);
    const impossible = BirthDateSchema.safeParse('2010-02-30');
    expect(impossible.success).toBe(false);
    expect(impossible.error?.issues[0]?.message).toBe('Tanggal Tidak Valid');
    expect(BirthDateSchema.safeParse(`${lastYear + 1}-01-01`).success).toBe(false);
    expect(BirthDateSchema.safeParse(`${lastYear - 101}-01-01`).success).toBe(false);
    expect(BirthDateSchema.safeParse('').error?.issues[0]?.message).toBe('Wajib Diisi');
  });
});

describe('lookup request', () => {
  it('asks schools for an NPSN and offices for a region and office type', () => {
    const person = { name: 'Siti', birthDate: '1990-01-01', motherName: 'Aminah' };
    expect(
      LookupRequestSchema.safeParse({ userType: 'ptk', npsn: '20212345', ...person }).success,
    ).toBe(true);
    expect(
      LookupRequestSchema.safeParse({
        userType: 'dinas',
        regionCode: '32.73',
        officeType: 'kota_kabupaten',
        ...person,
      }).success,
    ).toBe(true);
    expect(
      LookupRequestSchema.safeParse({ userType: 'dinas', npsn: '20212345', ...person }).success,
    ).toBe(false);
  });
});

describe('password reset', () => {
  it('names the account field after the product (SPEC §7)', () => {
    const parsed = resetVerifyBodySchema('belajar').parse({
      belajaridEmail: ' Guru@Belajar.ID ',
      dob: '1985-04-12',
    });
    expect(parsed).toEqual({
      accountEmail: 'guru@belajar.id',
      dob: '1985-04-12',
      altcha: undefined,
    });
  });

  it('takes 8 to 128 characters of any kind, counted as characters, and the same twice', () => {
    expect(NewPasswordSchema.safeParse('🌤🌤🌤🌤🌤🌤🌤🌤').success).toBe(true);
    expect(NewPasswordSchema.safeParse('1234567').error?.issues[0]?.message).toBe(
      'Kata sandi minimal 8 karakter.',
    );
    expect(NewPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
    const mismatch = SetPasswordBodySchema.safeParse({
      session_id: 's',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgi',
    });
    expect(mismatch.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });
});

describe('web routes', () => {
  it('knows the routes of SPEC §2, the older home with its double slash included', () => {
    for (const known of [
      '/',
      '//home',
      '/home/',
      '/account/lookup/v2',
      '/reset-password/otp',
      '/faq',
    ]) {
      expect(isKnownWebPath(known)).toBe(true);
    }
    expect(isKnownWebPath('/tidak-ada')).toBe(false);
  });

  it('has a signed-in page for every console section, and the invitation link a public one', () => {
    for (const section of CONSOLE_SECTIONS) {
      const page = WEB_ROUTES.find((route) => route.path === CONSOLE_SECTION_PAGES[section]);
      expect(page?.requiresSignIn, section).toBe(true);
    }
    expect(isKnownWebPath('/konsol/pengajuan-dinas/42')).toBe(true);
    const invitation = WEB_ROUTES.find((route) => route.path === STAFF_INVITATION_PAGE);
    expect(invitation?.requiresSignIn).toBe(false);
  });
});

describe('sign-in body', () => {
  it('takes the address as typed (trimmed, lower case) and any password up to the maximum', () => {
    expect(
      SignInBodySchema.parse({ email: ' Dewi.Lestari@Belajar.ID ', password: ' ada spasi ' }),
    ).toEqual({ email: 'dewi.lestari@belajar.id', password: ' ada spasi ' });
    expect(SignInBodySchema.safeParse({ email: 'dewi', password: 'x' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a@b.id', password: '' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a@b.id', password: 'x'.repeat(129) }).success).toBe(
      false,
    );
  });
});
