import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import type { OfficeRequestBody } from '@portal/contracts/office-request';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type DeepPartial,
  type UseFormClearErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { useRegions } from '~/api/regions';
import { BirthDatePicker } from '~/components/birth-date-picker';
import { restoreEarlyInput } from '~/hydration/early-input';
import { ErrorSummary } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { PasswordInput } from '~/components/password-input';
import { RegionFields } from '~/components/region-fields';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';
import { fromFormError, toFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { track } from '~/tracking/tracker';
import { useCheckReferralCode } from './api/check-referral-code';
import { useCities } from './api/get-cities';
import { usePlatforms } from './api/get-platforms';
import { usePositions } from './api/get-positions';
import { useSubmitOfficeRequest } from './api/submit-office-request';
import {
  FIELD_ORDER,
  officeRequestResolver,
  emptyOfficeRequestForm,
  fieldId,
  forgetOfficeRequestForm,
  formFieldOf,
  saveOfficeRequestForm,
  savedOfficeRequestForm,
  type OfficeRequestFormField,
  type OfficeRequestFormValues,
} from './office-request-form-values';
import { UploadField } from './upload-field';
import { Alert } from '~/components/alert';

type TextField = Extract<
  OfficeRequestFormField,
  | 'name'
  | 'nik'
  | 'motherName'
  | 'email'
  | 'phone'
  | 'positionOther'
  | 'suratDinas'
  | 'nomorSuratDinas'
>;

/** What the form's sections share: its texts, its fields' wiring, their values and lists. */
type FormKit = {
  t: ReturnType<typeof useTranslation<'office-request'>>['t'];
  text: (
    field: TextField,
    autoComplete: string,
    options?: { hint?: string; inputMode?: 'numeric' | 'tel' | 'email'; type?: string },
  ) => ReactNode;
  register: UseFormRegister<OfficeRequestFormValues>;
  control: Control<OfficeRequestFormValues, unknown, OfficeRequestBody>;
  errorOf: (field: OfficeRequestFormField) => string | undefined;
  values: DeepPartial<OfficeRequestFormValues>;
  lists: {
    regions: ReturnType<typeof useRegions>;
    cities: ReturnType<typeof useCities>;
    positions: ReturnType<typeof usePositions>;
    platforms: ReturnType<typeof usePlatforms>;
  };
  setValue: UseFormSetValue<OfficeRequestFormValues>;
  clearErrors: UseFormClearErrors<OfficeRequestFormValues>;
  checkReferral: () => Promise<void>;
  referralValid: boolean;
  showPassword: boolean;
  setShowPassword: (visible: boolean) => void;
};

/** The form with the query client its calls use: what the page loads after its first script. */
export function OfficeRequestFormWithQueries({
  onSubmitted,
}: {
  onSubmitted: (requestNumber: string) => void;
}) {
  return (
    <QueryProvider>
      <OfficeRequestForm
        onSubmitted={(number) => {
          forgetOfficeRequestForm();
          onSubmitted(number);
        }}
      />
    </QueryProvider>
  );
}

/**
 * The office request of SPEC §2/§3, kept in local storage while it is filled (not the password).
 * It is prerendered empty; what this browser kept is filled in once it has hydrated.
 */
export function OfficeRequestForm({
  onSubmitted,
}: {
  onSubmitted: (requestNumber: string) => void;
}) {
  const { t } = useTranslation('office-request');
  const localise = useLocaliseMessage();
  const [alert, setAlert] = useState<ApiError | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [referralValid, setReferralValid] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    getValues,
    reset,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<OfficeRequestFormValues, unknown, OfficeRequestBody>({
    defaultValues: emptyOfficeRequestForm(),
    resolver: officeRequestResolver,
    shouldFocusError: false,
  });
  const values = useWatch({ control });
  // What this browser kept, before the save below runs (a re-render only when there is some);
  // then what the visitor typed before the form hydrated, which wins.
  useEffect(() => {
    const saved = savedOfficeRequestForm();
    if (JSON.stringify(saved) !== JSON.stringify(emptyOfficeRequestForm())) reset(saved);
    restoreEarlyInput();
  }, [reset]);
  useEffect(() => saveOfficeRequestForm({ ...getValues() }), [values, getValues]);

  const regions = useRegions();
  const positions = usePositions();
  const platforms = usePlatforms();
  const cities = useCities(values.province ?? '');
  const referral = useCheckReferralCode();
  const submit = useSubmitOfficeRequest();

  const errorOf = (field: OfficeRequestFormField) =>
    localise(fromFormError(errors[field] as { type: string; message?: string } | undefined));

  const checkReferral = async () => {
    const code = getValues('referralCode').trim();
    setReferralValid(false);
    if (code.length < 6) return;
    try {
      await referral.mutateAsync(code);
      clearErrors('referralCode');
      setReferralValid(true);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 429 && error.status !== 0) {
        setError('referralCode', toFormError(error));
      }
    }
  };

  const onSubmit = handleSubmit(async (body) => {
    setAlert(null);
    try {
      const answer = await submit.mutateAsync(body);
      track('DINAS_ACCOUNT_REQUEST_INITIATED', [{ key: 'outcome', value: 'submitted' }]);
      onSubmitted(answer.data.request_number);
    } catch (error) {
      track('DINAS_ACCOUNT_REQUEST_INITIATED', [{ key: 'outcome', value: 'refused' }]);
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(0, ERROR_MESSAGES.generic, [], { id: 'internal' });
      let onField = false;
      for (const item of failure.fieldErrors) {
        const field = formFieldOf(item.field);
        if (!field) continue;
        setError(field, toFormError(failure.fieldMessage(item)));
        onField = true;
      }
      // SPEC §5: a 400 shows the data-error text.
      if (!onField) {
        setAlert(
          failure.status === 400
            ? new ApiError(400, ERROR_MESSAGES.dataInvalid, [], { id: 'validation_failed' })
            : failure,
        );
      }
    }
  });

  const label = (field: OfficeRequestFormField) =>
    field === 'birthDate' ? t('birthDate.legend', { ns: FORMS_NAMESPACE }) : t(`fields.${field}`);
  const summary = FIELD_ORDER.flatMap((field) => {
    const message = errorOf(field);
    return message ? [{ fieldId: fieldId(field), label: label(field), message }] : [];
  });

  const text = (
    field: TextField,
    autoComplete: string,
    options: { hint?: string; inputMode?: 'numeric' | 'tel' | 'email'; type?: string } = {},
  ) => (
    <FormField
      id={fieldId(field)}
      label={t(`fields.${field}`)}
      hint={options.hint}
      error={errorOf(field)}
    >
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={autoComplete}
          spellCheck={false}
          {...register(field)}
        />
      )}
    </FormField>
  );

  const busy = isSubmitting;
  // Each section is a component of its own: React hydrates them one by one in short tasks,
  // yielding between them, instead of the whole form in one.
  const kit: FormKit = {
    t,
    text,
    register,
    control,
    errorOf,
    values,
    lists: { regions, cities, positions, platforms },
    setValue,
    clearErrors,
    checkReferral,
    referralValid: referralValid && !errors.referralCode,
    showPassword,
    setShowPassword,
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} className="mt-6">
      <ErrorSummary title={t('errorSummary')} items={summary} attempt={submitCount} />
      {alert ? (
        <Alert variant="error-box" className="mb-6">
          {localise(alert)}
        </Alert>
      ) : null}
      {positions.isError || platforms.isError || regions.isError ? (
        <Alert variant="error" className="mb-6">
          {t('listsFailed')}
        </Alert>
      ) : null}

      <PersonSection kit={kit} />
      <OfficeSection kit={kit} />
      <LetterSection kit={kit} />
      <AccountSection kit={kit} />

      <button
        type="submit"
        className="btn btn-primary mt-8 w-full sm:w-auto"
        aria-disabled={busy || undefined}
      >
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}

/** The person who will hold the office account. */
function PersonSection({ kit }: { kit: FormKit }) {
  const { t, text, control, errorOf } = kit;
  return (
    <fieldset className="space-y-6">
      <legend className="text-xl font-bold">{t('sections.person')}</legend>
      {text('name', 'name')}
      {text('nik', 'off', { hint: t('fields.nikHint'), inputMode: 'numeric' })}
      <Controller
        control={control}
        name="birthDate"
        render={({ field }) => (
          <BirthDatePicker
            id="office-birthDate"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('birthDate')}
          />
        )}
      />
      {text('motherName', 'off')}
      {text('email', 'email', { hint: t('fields.emailHint'), inputMode: 'email', type: 'email' })}
      {text('phone', 'tel', { hint: t('fields.phoneHint'), inputMode: 'tel', type: 'tel' })}
    </fieldset>
  );
}

/** The office: its level and region, the person's position, the referral code. */
function OfficeSection({ kit }: { kit: FormKit }) {
  const { t, text, register, errorOf, values, lists, setValue } = kit;
  return (
    <fieldset className="mt-10 space-y-6">
      <legend className="text-xl font-bold">{t('sections.office')}</legend>
      <fieldset
        data-field
        aria-describedby={errorOf('dinasType') ? 'office-dinasType-error' : undefined}
      >
        <legend className={formStyles.label}>{t('fields.dinasType')}</legend>
        <div className="mt-1 space-y-1">
          {(['provinsi', 'kota_kabupaten'] as const).map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2">
              <input
                id={`office-dinasType-${type}`}
                type="radio"
                value={type}
                className="size-5 accent-brand"
                aria-invalid={errorOf('dinasType') ? true : undefined}
                {...register('dinasType')}
              />
              {t(`fields.${type}`)}
            </label>
          ))}
        </div>
        {errorOf('dinasType') ? (
          <p id="office-dinasType-error" className={formStyles.error}>
            {errorOf('dinasType')}
          </p>
        ) : null}
      </fieldset>
      <RegionFields
        province={{
          id: fieldId('province'),
          label: t('fields.province'),
          error: errorOf('province'),
          placeholder: lists.regions.isPending ? t('fields.loading') : t('fields.choose'),
          options: (lists.regions.data?.provinces ?? []).map((item) => ({
            value: item.code,
            label: item.name,
          })),
          select: register('province', { onChange: () => setValue('city', '') }),
        }}
        city={
          values.dinasType === 'kota_kabupaten'
            ? {
                id: fieldId('city'),
                label: t('fields.city'),
                error: errorOf('city'),
                placeholder: lists.cities.isFetching ? t('fields.loading') : t('fields.choose'),
                options: (lists.cities.data?.data ?? []).map((item) => ({
                  value: item.id,
                  label: item.name,
                })),
                select: { disabled: !lists.cities.data, ...register('city') },
              }
            : undefined
        }
      />
      <FormField id={fieldId('position')} label={t('fields.position')} error={errorOf('position')}>
        {(control) => (
          <select {...control} {...register('position')}>
            <option value="">
              {lists.positions.isPending ? t('fields.loading') : t('fields.choose')}
            </option>
            {lists.positions.data?.data.map((item) => (
              <option key={item.id} value={item.id}>
                {/* The API names positions in Indonesian; one it adds later keeps its name. */}
                {t(`lists.positions.${item.id}`, { defaultValue: item.name })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {values.position === 'lainnya' ? text('positionOther', 'organization-title') : null}
      <FormField
        id={fieldId('referralCode')}
        label={t('fields.referralCode')}
        hint={t('fields.referralHint')}
        error={errorOf('referralCode')}
        describedBy="office-referral-status"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register('referralCode', { onBlur: () => void kit.checkReferral() })}
          />
        )}
      </FormField>
      <p id="office-referral-status" aria-live="polite" className="-mt-4 text-sm">
        {kit.referralValid ? t('fields.referralValid') : null}
      </p>
    </fieldset>
  );
}

/** The official letter, the education report and the platforms asked for. */
function LetterSection({ kit }: { kit: FormKit }) {
  const { t, text, register, errorOf, values, lists, setValue, clearErrors } = kit;
  return (
    <fieldset className="mt-10 space-y-6">
      <legend className="text-xl font-bold">{t('sections.letter')}</legend>
      {text('suratDinas', 'off')}
      {text('nomorSuratDinas', 'off')}
      <UploadField
        id={fieldId('letter')}
        label={t('fields.letter')}
        value={values.letter ?? ''}
        fileName={values.letterName ?? ''}
        error={errorOf('letter')}
        onUploaded={(reference, name) => {
          setValue('letter', reference);
          setValue('letterName', name);
          clearErrors('letter');
        }}
        onRemoved={() => {
          setValue('letter', '');
          setValue('letterName', '');
        }}
      />
      <UploadField
        id={fieldId('educationReport')}
        label={t('fields.educationReport')}
        value={values.educationReport ?? ''}
        fileName={values.educationReportName ?? ''}
        error={errorOf('educationReport')}
        onUploaded={(reference, name) => {
          setValue('educationReport', reference);
          setValue('educationReportName', name);
        }}
        onRemoved={() => {
          setValue('educationReport', '');
          setValue('educationReportName', '');
        }}
      />
      <fieldset
        data-field
        aria-describedby={errorOf('platform') ? 'office-platform-error' : undefined}
      >
        <legend className={formStyles.label}>{t('fields.platform')}</legend>
        <div className="mt-1 space-y-1">
          {lists.platforms.data?.data.map((platform, index) => (
            <label key={platform.id} className="flex min-h-11 items-center gap-2">
              <input
                id={`office-platform-${index}`}
                type="checkbox"
                value={platform.id}
                className="size-5 accent-brand"
                {...register('platform')}
              />
              {platform.platform_name}
            </label>
          ))}
        </div>
        {errorOf('platform') ? (
          <p id="office-platform-error" className={formStyles.error}>
            {errorOf('platform')}
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}

/** The password of the account to be. */
function AccountSection({ kit }: { kit: FormKit }) {
  const { t, register, errorOf } = kit;
  return (
    <fieldset className="mt-10 space-y-4">
      <legend className="text-xl font-bold">{t('sections.account')}</legend>
      <FormField
        id={fieldId('password')}
        label={t('fields.password')}
        hint={t('fields.passwordHint')}
        error={errorOf('password')}
      >
        {(control) => (
          <PasswordInput
            {...control}
            visible={kit.showPassword}
            autoComplete="new-password"
            {...register('password')}
          />
        )}
      </FormField>
      <ShowPasswordToggle
        visible={kit.showPassword}
        onToggle={() => kit.setShowPassword(!kit.showPassword)}
        label={t('fields.showPassword')}
      />
    </fieldset>
  );
}
