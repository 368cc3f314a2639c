import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import type { OfficeRequestBody } from '@portal/contracts/office-request';
import { memo, useEffect, useState } from 'react';
import { Controller, useForm, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { useRegions } from '~/api/regions';
import { Alert } from '~/components/alert';
import { BirthDatePicker } from '~/components/birth-date-picker';
import { ErrorSummary } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { PasswordInput } from '~/components/password-input';
import { RegionFields } from '~/components/region-fields';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { restoreEarlyInput } from '~/hydration/early-input';
import { whenIdle } from '~/hydration/when-idle';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';
import { fromFormError, toFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { track } from '~/tracking/tracker';
import { useCheckReferralCode } from './api/check-referral-code';
import { useCities } from './api/get-cities';
import { usePlatforms } from './api/get-platforms';
import { usePositions } from './api/get-positions';
import { useSubmitOfficeRequest } from './api/submit-office-request';
import { officeRequestContract } from './office-request-contract';
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
import { PendingButton } from '~/components/pending-button';

/**
 * What `useForm` returns: the same object on every render, so a section given it renders again
 * only for what it subscribes to itself (its fields' values and errors, its lists), never because
 * another field changed. The whole form in one render is the long task this avoids, at hydration
 * and on every keystroke.
 */
type OfficeForm = UseFormReturn<OfficeRequestFormValues, unknown, OfficeRequestBody>;

/** The localised errors of some fields, re-rendering the caller only when those change. */
function useFieldErrors(form: OfficeForm, fields: OfficeRequestFormField[]) {
  const { errors } = useFormState({ control: form.control, name: fields });
  const localise = useLocaliseMessage();
  return (field: OfficeRequestFormField) =>
    localise(fromFormError(errors[field] as { type: string; message?: string } | undefined));
}

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

function TextInput({
  form,
  field,
  autoComplete,
  hint,
  inputMode,
  type = 'text',
  error,
}: {
  form: OfficeForm;
  field: TextField;
  autoComplete: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  type?: string;
  error: string | undefined;
}) {
  const { t } = useTranslation('office-request');
  return (
    <FormField id={fieldId(field)} label={t(`fields.${field}`)} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          spellCheck={false}
          {...form.register(field)}
        />
      )}
    </FormField>
  );
}

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
  const [listsWanted, setListsWanted] = useState(false);
  const form: OfficeForm = useForm<OfficeRequestFormValues, unknown, OfficeRequestBody>({
    defaultValues: emptyOfficeRequestForm(),
    resolver: officeRequestResolver,
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    setError,
    getValues,
    reset,
    subscribe,
    formState: { errors, submitCount, isSubmitting },
  } = form;
  // What this browser kept; then what the visitor typed before the form hydrated, which wins.
  // From then on every change is kept as it is made, without rendering the form for it.
  useEffect(() => {
    const saved = savedOfficeRequestForm();
    if (JSON.stringify(saved) !== JSON.stringify(emptyOfficeRequestForm())) reset(saved);
    const stopSaving = subscribe({
      formState: { values: true },
      callback: () => saveOfficeRequestForm(getValues()),
    });
    restoreEarlyInput();
    // The lists and what the first check needs, asked for once the page is idle: started as the
    // form hydrates, their requests and the contract's loading ran in the hydration's last task.
    whenIdle(() => {
      void officeRequestContract();
      setListsWanted(true);
    });
    return stopSaving;
  }, [reset, subscribe, getValues]);

  const submit = useSubmitOfficeRequest();
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
    const message = localise(
      fromFormError(errors[field] as { type: string; message?: string } | undefined),
    );
    return message ? [{ fieldId: fieldId(field), label: label(field), message }] : [];
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="mt-6">
      <ErrorSummary title={t('errorSummary')} items={summary} attempt={submitCount} />
      {alert ? (
        <Alert variant="error-box" className="mb-6">
          {localise(alert)}
        </Alert>
      ) : null}
      <ListsFailed wanted={listsWanted} />

      <PersonSection form={form} />
      <OfficeSection form={form} listsWanted={listsWanted} />
      <LetterSection form={form} listsWanted={listsWanted} />
      <AccountSection form={form} />

      <PendingButton
        type="submit"
        className="btn btn-primary mt-8 w-full sm:w-auto"
        pending={isSubmitting}
      >
        {isSubmitting ? t('submitting') : t('submit')}
      </PendingButton>
    </form>
  );
}

/** One notice for the reference lists the form could not load. */
const ListsFailed = memo(function ListsFailed({ wanted }: { wanted: boolean }) {
  const { t } = useTranslation('office-request');
  const lists = [
    useRegions({ enabled: wanted }),
    usePositions({ enabled: wanted }),
    usePlatforms({ enabled: wanted }),
  ];
  const failed = lists.some((list) => list.isError);
  return failed ? (
    <Alert variant="error" className="mb-6">
      {t('listsFailed')}
    </Alert>
  ) : null;
});

/** The person who will hold the office account. */
const PersonSection = memo(function PersonSection({ form }: { form: OfficeForm }) {
  const { t } = useTranslation('office-request');
  const errorOf = useFieldErrors(form, [
    'name',
    'nik',
    'birthDate',
    'motherName',
    'email',
    'phone',
  ]);
  return (
    <fieldset className="space-y-6">
      <legend className="text-xl font-bold">{t('sections.person')}</legend>
      <TextInput form={form} field="name" autoComplete="name" error={errorOf('name')} />
      <TextInput
        form={form}
        field="nik"
        autoComplete="off"
        hint={t('fields.nikHint')}
        inputMode="numeric"
        error={errorOf('nik')}
      />
      <Controller
        control={form.control}
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
      <TextInput form={form} field="motherName" autoComplete="off" error={errorOf('motherName')} />
      <TextInput
        form={form}
        field="email"
        autoComplete="email"
        hint={t('fields.emailHint')}
        inputMode="email"
        type="email"
        error={errorOf('email')}
      />
      <TextInput
        form={form}
        field="phone"
        autoComplete="tel"
        hint={t('fields.phoneHint')}
        inputMode="tel"
        type="tel"
        error={errorOf('phone')}
      />
    </fieldset>
  );
});

/** The office: its level and region, the person's position, the referral code. */
const OfficeSection = memo(function OfficeSection({
  form,
  listsWanted,
}: {
  form: OfficeForm;
  listsWanted: boolean;
}) {
  const { t } = useTranslation('office-request');
  const { control, register, setValue, getValues, setError, clearErrors } = form;
  const errorOf = useFieldErrors(form, [
    'dinasType',
    'province',
    'city',
    'position',
    'positionOther',
    'referralCode',
  ]);
  const [dinasType, province, position] = useWatch({
    control,
    name: ['dinasType', 'province', 'position'],
  });
  const regions = useRegions({ enabled: listsWanted });
  const cities = useCities(province);
  const positions = usePositions({ enabled: listsWanted });

  const referral = useCheckReferralCode();
  const [referralChecked, setReferralChecked] = useState(false);
  const checkReferral = async () => {
    const code = getValues('referralCode').trim();
    setReferralChecked(false);
    if (code.length < 6) return;
    try {
      await referral.mutateAsync(code);
      clearErrors('referralCode');
      setReferralChecked(true);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 429 && error.status !== 0) {
        setError('referralCode', toFormError(error));
      }
    }
  };
  const referralValid = referralChecked && !errorOf('referralCode');

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
          placeholder: regions.isPending ? t('fields.loading') : t('fields.choose'),
          options: (regions.data?.provinces ?? []).map((item) => ({
            value: item.code,
            label: item.name,
          })),
          select: register('province', { onChange: () => setValue('city', '') }),
        }}
        city={
          dinasType === 'kota_kabupaten'
            ? {
                id: fieldId('city'),
                label: t('fields.city'),
                error: errorOf('city'),
                placeholder: cities.isFetching ? t('fields.loading') : t('fields.choose'),
                options: (cities.data?.data ?? []).map((item) => ({
                  value: item.id,
                  label: item.name,
                })),
                select: { disabled: !cities.data, ...register('city') },
              }
            : undefined
        }
      />
      <FormField id={fieldId('position')} label={t('fields.position')} error={errorOf('position')}>
        {(control) => (
          <select {...control} {...register('position')}>
            <option value="">
              {positions.isPending ? t('fields.loading') : t('fields.choose')}
            </option>
            {positions.data?.data.map((item) => (
              <option key={item.id} value={item.id}>
                {/* The API names positions in Indonesian; one it adds later keeps its name. */}
                {t(`lists.positions.${item.id}`, { defaultValue: item.name })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {position === 'lainnya' ? (
        <TextInput
          form={form}
          field="positionOther"
          autoComplete="organization-title"
          error={errorOf('positionOther')}
        />
      ) : null}
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
            {...register('referralCode', { onBlur: () => void checkReferral() })}
          />
        )}
      </FormField>
      <p id="office-referral-status" aria-live="polite" className="-mt-4 text-sm">
        {referralValid ? t('fields.referralValid') : null}
      </p>
    </fieldset>
  );
});

/** The official letter, the education report and the platforms asked for. */
const LetterSection = memo(function LetterSection({
  form,
  listsWanted,
}: {
  form: OfficeForm;
  listsWanted: boolean;
}) {
  const { t } = useTranslation('office-request');
  const { control, register, setValue, clearErrors } = form;
  const errorOf = useFieldErrors(form, [
    'suratDinas',
    'nomorSuratDinas',
    'letter',
    'educationReport',
    'platform',
  ]);
  const [letter, letterName, educationReport, educationReportName] = useWatch({
    control,
    name: ['letter', 'letterName', 'educationReport', 'educationReportName'],
  });
  const platforms = usePlatforms({ enabled: listsWanted });
  return (
    <fieldset className="mt-10 space-y-6">
      <legend className="text-xl font-bold">{t('sections.letter')}</legend>
      <TextInput form={form} field="suratDinas" autoComplete="off" error={errorOf('suratDinas')} />
      <TextInput
        form={form}
        field="nomorSuratDinas"
        autoComplete="off"
        error={errorOf('nomorSuratDinas')}
      />
      <UploadField
        id={fieldId('letter')}
        label={t('fields.letter')}
        value={letter}
        fileName={letterName}
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
        value={educationReport}
        fileName={educationReportName}
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
          {platforms.data?.data.map((platform, index) => (
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
});

/** The password of the account to be. */
const AccountSection = memo(function AccountSection({ form }: { form: OfficeForm }) {
  const { t } = useTranslation('office-request');
  const errorOf = useFieldErrors(form, ['password']);
  const [showPassword, setShowPassword] = useState(false);
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
            visible={showPassword}
            autoComplete="new-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <ShowPasswordToggle
        visible={showPassword}
        onToggle={() => setShowPassword(!showPassword)}
        label={t('fields.showPassword')}
      />
    </fieldset>
  );
});
