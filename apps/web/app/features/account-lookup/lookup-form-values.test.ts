import { describe, expect, it } from 'vitest';
import { EMPTY_LOOKUP_FORM, lookupResolver, toLookupRequest } from './lookup-form-values';

const resolve = (userType: 'ptk' | 'dinas', values: Partial<typeof EMPTY_LOOKUP_FORM>) =>
  lookupResolver(userType)({ ...EMPTY_LOOKUP_FORM, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

const person = { name: 'Siti Aminah', birthDate: '1990-05-17', motherName: 'Sri Wahyuni' };

describe('lookup form values', () => {
  it('says Wajib Diisi for every empty field, with the contract schema', async () => {
    const { errors } = await resolve('ptk', {});
    expect(Object.keys(errors).sort()).toEqual(['birthDate', 'motherName', 'name', 'npsn']);
    expect(errors.npsn?.message).toBe('Wajib Diisi');
    expect(errors.birthDate?.message).toBe('Wajib Diisi');
  });

  it('keeps the contract message for a malformed value', async () => {
    const { errors } = await resolve('ptk', { ...person, npsn: '123' });
    expect(errors.npsn?.message).toBe('NPSN terdiri dari 8 digit, atau huruf P/K diikuti 7 digit.');
  });

  it('sends the province or the regency as the region of a Dinas office', async () => {
    const values = { ...EMPTY_LOOKUP_FORM, ...person, province: '32', regency: '32.73' };
    expect(toLookupRequest('dinas', { ...values, officeType: 'provinsi' })).toMatchObject({
      regionCode: '32',
    });
    expect(toLookupRequest('dinas', { ...values, officeType: 'kota_kabupaten' })).toMatchObject({
      regionCode: '32.73',
    });
    const missingRegency = await resolve('dinas', {
      ...person,
      officeType: 'kota_kabupaten',
      province: '32',
    });
    expect(missingRegency.errors.regency?.message).toBe('Wajib Diisi');
    const ok = await resolve('dinas', { ...person, officeType: 'provinsi', province: '32' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({
      userType: 'dinas',
      regionCode: '32',
      officeType: 'provinsi',
    });
  });
});
