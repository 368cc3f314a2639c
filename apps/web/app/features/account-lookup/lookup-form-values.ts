import type { LookupRequest, OfficeType } from '@portal/contracts/account-lookup';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import type { UserType } from '@portal/contracts/user-types';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { lookupContract } from './lookup-contract';

/** What the form holds; the request sent is built from it and checked by the contract's schema. */
export type LookupFormValues = {
  npsn: string;
  name: string;
  birthDate: string;
  motherName: string;
  officeType: OfficeType | '';
  province: string;
  regency: string;
};
export type LookupFormField = keyof LookupFormValues;

export const EMPTY_LOOKUP_FORM: LookupFormValues = {
  npsn: '',
  name: '',
  birthDate: '',
  motherName: '',
  officeType: '',
  province: '',
  regency: '',
};

/** Fields in the order they appear, so the error summary reads top to bottom. */
export const FIELD_ORDER: readonly LookupFormField[] = [
  'npsn',
  'officeType',
  'province',
  'regency',
  'name',
  'birthDate',
  'motherName',
];

/** The id each field's error summary link moves focus to. */
export const FIELD_IDS: Record<LookupFormField, string> = {
  npsn: 'lookup-npsn',
  officeType: 'lookup-officeType-provinsi',
  province: 'lookup-province',
  regency: 'lookup-regency',
  name: 'lookup-name',
  birthDate: 'lookup-birthDate-day',
  motherName: 'lookup-motherName',
};

export function toLookupRequest(userType: UserType, values: LookupFormValues): unknown {
  const person = { name: values.name, birthDate: values.birthDate, motherName: values.motherName };
  if (userType !== 'dinas') return { userType, npsn: values.npsn, ...person };
  const regionCode = values.officeType === 'kota_kabupaten' ? values.regency : values.province;
  return { userType, officeType: values.officeType, regionCode, ...person };
}

/** Maps a field of the API (or the contract) to the form field that shows its error. */
export function formFieldOf(field: string, values: LookupFormValues): LookupFormField | null {
  if (field === 'regionCode') {
    return values.officeType === 'kota_kabupaten' && values.province ? 'regency' : 'province';
  }
  return FIELD_ORDER.find((name) => name === field) ?? null;
}

/**
 * Validates with the contract's own lookup schema (one schema for the form and the server);
 * an empty field always says `Wajib Diisi`, whatever its format rule would say.
 */
export function lookupResolver(
  userType: UserType,
): Resolver<LookupFormValues, unknown, LookupRequest> {
  return async (values) => {
    const { LookupRequestSchema } = await lookupContract();
    const parsed = LookupRequestSchema.safeParse(toLookupRequest(userType, values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<LookupFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''), values);
      if (!field || errors[field]) continue;
      const empty = values[field].trim() === '';
      errors[field] = {
        type: issue.code,
        message: empty ? ERROR_MESSAGES.required : issue.message,
      };
    }
    return { values: {}, errors };
  };
}
