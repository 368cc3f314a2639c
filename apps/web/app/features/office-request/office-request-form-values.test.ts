import { describe, expect, it } from 'vitest';
import {
  officeRequestResolver,
  emptyOfficeRequestForm,
  formFieldOf,
  forgetOfficeRequestForm,
  saveOfficeRequestForm,
  savedOfficeRequestForm,
} from './office-request-form-values';

const resolve = (values: ReturnType<typeof emptyOfficeRequestForm>) =>
  officeRequestResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the office request form', () => {
  it('says Wajib Diisi for every empty required field, and names the rest by their rule', async () => {
    const { errors } = await resolve(emptyOfficeRequestForm());
    for (const field of [
      'name',
      'nik',
      'birthDate',
      'motherName',
      'email',
      'phone',
      'province',
      'suratDinas',
      'nomorSuratDinas',
      'letter',
      'password',
    ] as const) {
      expect(errors[field]?.message, field).toBe('Wajib Diisi');
    }
    expect(errors.platform?.message).toBe('Pilih minimal satu platform.');
  });

  it('maps the server fields to the form fields', () => {
    expect(formFieldOf('document.letter')).toBe('letter');
    expect(formFieldOf('document.educationReport')).toBe('educationReport');
    expect(formFieldOf('referral_code')).toBe('referralCode');
    expect(formFieldOf('city')).toBe('city');
    expect(formFieldOf('unknown')).toBeNull();
  });

  it('keeps the form through a reload, but never the password', () => {
    const values = {
      ...emptyOfficeRequestForm(),
      name: 'Ahmad Fauzi',
      letter: 'upload:abc',
      password: 'Rahasia sekali 2026',
    };
    saveOfficeRequestForm(values);
    expect(localStorage.getItem('portal.dinas-request')).not.toContain('Rahasia');
    const restored = savedOfficeRequestForm();
    expect(restored).toMatchObject({
      name: 'Ahmad Fauzi',
      letter: 'upload:abc',
      password: '',
      requestKey: values.requestKey,
    });
    forgetOfficeRequestForm();
    expect(savedOfficeRequestForm().name).toBe('');
  });
});
