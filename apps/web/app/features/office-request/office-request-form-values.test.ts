import { describe, expect, it } from 'vitest';
import {
  dinasResolver,
  emptyDinasForm,
  formFieldOf,
  forgetDinasForm,
  saveDinasForm,
  savedDinasForm,
} from './office-request-form-values';

const resolve = (values: ReturnType<typeof emptyDinasForm>) =>
  dinasResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the office request form', () => {
  it('says Wajib Diisi for every empty required field, and names the rest by their rule', async () => {
    const { errors } = await resolve(emptyDinasForm());
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
      ...emptyDinasForm(),
      name: 'Ahmad Fauzi',
      letter: 'upload:abc',
      password: 'Rahasia sekali 2026',
    };
    saveDinasForm(values);
    expect(localStorage.getItem('portal.dinas-request')).not.toContain('Rahasia');
    const restored = savedDinasForm();
    expect(restored).toMatchObject({
      name: 'Ahmad Fauzi',
      letter: 'upload:abc',
      password: '',
      requestKey: values.requestKey,
    });
    forgetDinasForm();
    expect(savedDinasForm().name).toBe('');
  });
});
