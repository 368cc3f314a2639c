import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import type { OfficeRequestBody } from '@portal/contracts/office-request';
import type { OfficeType } from '@portal/contracts/account-lookup';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { officeRequestContract } from './office-request-contract';

/** What the form holds (SPEC §3: the Dinas request form, held locally). */
export type OfficeRequestFormValues = {
  requestKey: string;
  name: string;
  nik: string;
  birthDate: string;
  motherName: string;
  email: string;
  phone: string;
  dinasType: OfficeType | '';
  province: string;
  city: string;
  position: string;
  positionOther: string;
  referralCode: string;
  suratDinas: string;
  nomorSuratDinas: string;
  letter: string;
  letterName: string;
  educationReport: string;
  educationReportName: string;
  platform: string[];
  password: string;
};
export type OfficeRequestFormField = Exclude<
  keyof OfficeRequestFormValues,
  'requestKey' | 'letterName' | 'educationReportName'
>;

export const emptyOfficeRequestForm = (): OfficeRequestFormValues => ({
  requestKey: crypto.randomUUID(),
  name: '',
  nik: '',
  birthDate: '',
  motherName: '',
  email: '',
  phone: '',
  dinasType: '',
  province: '',
  city: '',
  position: '',
  positionOther: '',
  referralCode: '',
  suratDinas: '',
  nomorSuratDinas: '',
  letter: '',
  letterName: '',
  educationReport: '',
  educationReportName: '',
  platform: [],
  password: '',
});

/** Fields in the order they appear, so the error summary reads top to bottom. */
export const FIELD_ORDER: readonly OfficeRequestFormField[] = [
  'name',
  'nik',
  'birthDate',
  'motherName',
  'email',
  'phone',
  'dinasType',
  'province',
  'city',
  'position',
  'positionOther',
  'referralCode',
  'suratDinas',
  'nomorSuratDinas',
  'letter',
  'educationReport',
  'platform',
  'password',
];

/** The id each field's error summary link moves focus to. */
export const fieldId = (field: OfficeRequestFormField): string =>
  field === 'birthDate'
    ? 'office-birthDate-day'
    : field === 'dinasType'
      ? 'office-dinasType-provinsi'
      : field === 'platform'
        ? 'office-platform-0'
        : `office-${field}`;

export function toOfficeRequest(values: OfficeRequestFormValues): unknown {
  return {
    requestKey: values.requestKey,
    name: values.name,
    nik: values.nik,
    birthDate: values.birthDate,
    motherName: values.motherName,
    email: values.email,
    phone: values.phone,
    dinasType: values.dinasType || undefined,
    province: values.province,
    city: values.dinasType === 'kota_kabupaten' ? values.city || undefined : undefined,
    position: values.position || undefined,
    positionOther: values.positionOther || undefined,
    referralCode: values.referralCode,
    suratDinas: values.suratDinas,
    nomorSuratDinas: values.nomorSuratDinas,
    platform: values.platform,
    document: {
      letter: values.letter,
      ...(values.educationReport ? { educationReport: values.educationReport } : {}),
    },
    password: values.password,
  };
}

/** The form field that shows an error of the API or the contract (`document.letter` -> `letter`). */
export function formFieldOf(path: string): OfficeRequestFormField | null {
  if (path.startsWith('document.')) {
    return path === 'document.educationReport' ? 'educationReport' : 'letter';
  }
  if (path === 'referral_code') return 'referralCode';
  const head = path.split('.')[0] ?? '';
  return FIELD_ORDER.find((field) => field === head) ?? null;
}

const isEmpty = (value: OfficeRequestFormValues[OfficeRequestFormField]) =>
  Array.isArray(value) ? value.length === 0 : value.trim() === '';

/** The contract's own schema checks the form; an empty field says `Wajib Diisi`. */
export const officeRequestResolver: Resolver<
  OfficeRequestFormValues,
  unknown,
  OfficeRequestBody
> = async (values) => {
  const { OfficeRequestBodySchema } = await officeRequestContract();
  const parsed = OfficeRequestBodySchema.safeParse(toOfficeRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<OfficeRequestFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (!field || errors[field]) continue;
    const required = field !== 'platform' && field !== 'positionOther' && field !== 'city';
    errors[field] = {
      type: issue.code,
      message: required && isEmpty(values[field]) ? ERROR_MESSAGES.required : issue.message,
    };
  }
  return { values: {}, errors };
};

const STORAGE_KEY = 'portal.dinas-request';

/** The form as kept in local storage while it is filled: everything but the password. */
export function savedOfficeRequestForm(): OfficeRequestFormValues {
  try {
    const saved = JSON.parse(
      localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<OfficeRequestFormValues> | null;
    return saved
      ? { ...emptyOfficeRequestForm(), ...saved, password: '' }
      : emptyOfficeRequestForm();
  } catch {
    return emptyOfficeRequestForm();
  }
}

export function saveOfficeRequestForm(values: OfficeRequestFormValues): void {
  try {
    const { password: _password, ...kept } = values;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the form still works, only a reload would lose it.
  }
}

export function forgetOfficeRequestForm(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
