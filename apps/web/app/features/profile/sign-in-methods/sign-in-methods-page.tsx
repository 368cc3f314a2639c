import type { Passkey } from '@portal/contracts/passkeys';
import {
  ConfirmationSchema,
  TotpConfirmBodySchema,
  type Confirmation,
  type SignInMethods,
} from '@portal/contracts/sign-in-methods';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '~/api/api-client';
import { safeReturnPath } from '@portal/contracts/return-path';
import { signInPath } from '~/auth/auth-client';
import { Alert } from '~/components/alert';
import { AppCodeField, AuthenticatorKey } from '~/components/authenticator-app';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { PasskeyAddSection, usePasskeyAdd } from '~/auth/passkey-add';
import { PasskeyList } from '~/components/passkey-list';
import { PageTitle } from '~/components/page-title';
import { RecoveryCodeList } from '~/components/recovery-code-list';
import { webConfig } from '~/config';
import { registerNamespace } from '~/i18n/i18n';
import { useLocaliseMessage } from '~/i18n/server-messages';
import en from '~/locales/en/sign-in-methods.json';
import id from '~/locales/id/sign-in-methods.json';
import { useAddPasskey } from './api/add-passkey';
import { useChangeSignInMethod, type MethodChange } from './api/change-sign-in-method';
import { useConfirmAuthenticator, useStartAuthenticator } from './api/enrol-authenticator';
import { useSignInMethods } from './api/get-sign-in-methods';
import { PendingButton } from '~/components/pending-button';

registerNamespace('sign-in-methods', { id, en });

type CodeValues = { code: string };
/** The app's code as the server checks it, the spaces a person may type between its digits out. */
const appCodeResolver = contractResolver<CodeValues, CodeValues>(
  TotpConfirmBodySchema,
  ({ code }) => ({ code: code.replace(/\s/g, '') }),
);

type ProofValues = { password: string; code: string };
const [PasswordProofSchema, CodeProofSchema] = ConfirmationSchema.options;

/** Where a person signs in again, with the second factor, and comes back (`prompt=login`). */
export const reauthenticatePath = (returnTo: string) => signInPath({ returnTo, reauth: true });

/**
 * `/profile/metode-masuk`: the profile's "Metode masuk" section. An authenticator
 * app and passkeys as an optional second factor (required of school admins for their sensitive
 * actions), with recovery codes shown once. `?returnTo=` is where a school admin goes on after
 * enrolling: signed in again, this time with the second factor.
 */
export function SignInMethodsPage() {
  const { t } = useTranslation('sign-in-methods');
  return (
    <>
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('lead')}</p>
      <Methods />
    </>
  );
}

function Methods() {
  const { t } = useTranslation('sign-in-methods');
  const query = useSignInMethods();
  const [searchParams] = useSearchParams();
  const returnParam = searchParams.get('returnTo');
  const returnTo = returnParam ? safeReturnPath(returnParam) : null;
  const [codes, setCodes] = useState<string[] | null>(null);

  if (query.isPending) {
    return (
      <p role="status" className="mt-4 text-muted">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) return <Alert variant="error">{t('failed')}</Alert>;
  const methods = query.data;
  const hasFactor = methods.totp !== null || methods.passkeys.length > 0;

  return (
    <>
      {methods.requiredForSchoolAdmin && !hasFactor ? (
        <Alert variant="warning" className="mt-4">
          {t('requiredForAdmin')}
        </Alert>
      ) : null}
      {returnTo && hasFactor && codes === null ? (
        <div className="mt-4 rounded-md border border-line p-4">
          <p>{t('continueLead')}</p>
          <a href={reauthenticatePath(returnTo)} className="btn btn-primary mt-3">
            {t('continue')}
          </a>
        </div>
      ) : null}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <>
          <AppSection methods={methods} onCodes={setCodes} />
          <PasskeySection methods={methods} onCodes={setCodes} />
          <RecoverySection methods={methods} onCodes={setCodes} />
        </>
      )}
    </>
  );
}

/**
 * Once a person has a second factor, changing their factors takes a recent sign-in with it: a
 * refusal for want of one leads to signing in again, back to this page.
 */
function SignInAgain({ error }: { error: unknown }) {
  const { t } = useTranslation('sign-in-methods');
  const { pathname } = useLocation();
  if (!(error instanceof ApiError) || error.id !== 'reauthentication_required') return null;
  return (
    <p className="mt-2">
      <a href={reauthenticatePath(pathname)} className="link font-semibold">
        {t('signInAgain')}
      </a>
    </p>
  );
}

type SectionProps = {
  methods: SignInMethods;
  onCodes: (codes: string[]) => void;
};

function useDay() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeZone: 'Asia/Jakarta',
    }).format(Date.parse(iso));
}

function AppSection({ methods, onCodes }: SectionProps) {
  const { t } = useTranslation('sign-in-methods');
  const localise = useLocaliseMessage();
  const day = useDay();
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();
  const [removing, setRemoving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: appCodeResolver });
  const enrolment = start.data;

  const onConfirm = handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: (codes) => {
        start.reset();
        // A later enrolment starts from an empty field, not this one's code.
        reset();
        if (codes) onCodes(codes);
      },
    }),
  );

  return (
    <section aria-labelledby="app-title" className="mt-8">
      <h2 id="app-title" className="text-xl font-bold">
        {t('app.title')}
      </h2>
      <p className="mt-2 text-muted">{t('app.lead')}</p>
      {methods.totp ? (
        <>
          <p className="mt-3 font-semibold">
            {t('app.enrolledOn', { date: day(methods.totp.enrolledAt) })}
          </p>
          {removing ? (
            <ConfirmChange
              change={{ kind: 'remove-app' }}
              appHeld
              submitLabel={t('app.remove')}
              onDone={() => setRemoving(false)}
              onCancel={() => setRemoving(false)}
            />
          ) : (
            <button
              type="button"
              className="btn btn-secondary mt-3"
              onClick={() => setRemoving(true)}
            >
              {t('app.remove')}
            </button>
          )}
        </>
      ) : enrolment ? (
        <div className="mt-4">
          <ScanInstruction text={t('app.scan')} />
          <AuthenticatorKey
            qrCode={enrolment.qr_code}
            secret={enrolment.secret}
            qrAlt={t('app.qrAlt')}
            manual={t('app.manual')}
            className="mt-4"
          />
          <form
            noValidate
            onSubmit={(event) => void onConfirm(event)}
            className="mt-4 space-y-4"
            aria-busy={confirm.isPending}
          >
            <AppCodeField
              id="app-code"
              label={t('app.codeLabel')}
              hint={t('app.codeHint')}
              error={
                localise(errors.code?.message) ??
                (confirm.error instanceof ApiError ? localise(confirm.error) : undefined)
              }
              registration={register('code')}
            />
            <PendingButton type="submit" className="btn btn-primary" pending={confirm.isPending}>
              {t('app.confirm')}
            </PendingButton>
          </form>
        </div>
      ) : (
        <>
          <PendingButton
            type="button"
            className="btn btn-primary mt-3"
            pending={start.isPending}
            onClick={() => start.mutate()}
          >
            {t('app.add')}
          </PendingButton>
          {start.error instanceof ApiError ? (
            <Alert variant="field-error">{localise(start.error)}</Alert>
          ) : null}
          <SignInAgain error={start.error} />
        </>
      )}
    </section>
  );
}

/**
 * The enrolment's first words. The button that opened the enrolment is gone, so focus moves here
 * and a screen reader reads what to do; Tab goes on to the key and the code.
 */
function ScanInstruction({ text }: { text: string }) {
  const paragraph = useRef<HTMLParagraphElement>(null);
  useEffect(() => paragraph.current?.focus(), []);
  return (
    <p ref={paragraph} tabIndex={-1} className="focus:outline-none">
      {text}
    </p>
  );
}

function PasskeySection({ methods, onCodes }: SectionProps) {
  const { t } = useTranslation('sign-in-methods');
  const day = useDay();
  const add = useAddPasskey();
  const adding = usePasskeyAdd(add, ({ recovery_codes }) => {
    if (recovery_codes) onCodes(recovery_codes);
  });
  const [removing, setRemoving] = useState<string | null>(null);
  const nameOf = (passkey: Passkey) =>
    passkey.label ?? t('passkeys.unnamed', { date: day(passkey.createdAt) });

  return (
    <section aria-labelledby="passkeys-title" className="mt-8">
      <h2 id="passkeys-title" className="text-xl font-bold">
        {t('passkeys.title')}
      </h2>
      <p className="mt-2 text-muted">{t('passkeys.lead')}</p>
      {methods.passkeys.length === 0 ? (
        <p className="mt-3">{t('passkeys.none')}</p>
      ) : (
        <PasskeyList
          className="mt-3"
          passkeys={methods.passkeys}
          nameOf={nameOf}
          details={(passkey) => t('passkeys.addedOn', { date: day(passkey.createdAt) })}
          removeText={t('passkeys.remove')}
          removeNamed={(name) => t('passkeys.removeNamed', { name })}
          onRemove={(passkey) => setRemoving(passkey.id)}
          confirmation={(passkey) =>
            removing === passkey.id ? (
              <ConfirmChange
                change={{ kind: 'remove-passkey', id: passkey.id }}
                appHeld={methods.totp !== null}
                submitLabel={t('passkeys.removeNamed', { name: nameOf(passkey) })}
                onDone={() => setRemoving(null)}
                onCancel={() => setRemoving(null)}
              />
            ) : null
          }
        />
      )}
      <PasskeyAddSection
        namespace="sign-in-methods"
        className="mt-4"
        {...adding.section}
        error={add.error}
      />
      <SignInAgain error={add.error} />
    </section>
  );
}

function RecoverySection({ methods, onCodes }: SectionProps) {
  const { t } = useTranslation('sign-in-methods');
  const [renewing, setRenewing] = useState(false);
  const hasFactor = methods.totp !== null || methods.passkeys.length > 0;
  return (
    <section aria-labelledby="recovery-title" className="mt-8">
      <h2 id="recovery-title" className="text-xl font-bold">
        {t('recovery.title')}
      </h2>
      <p className="mt-2 text-muted">{t('recovery.lead')}</p>
      {hasFactor ? (
        <>
          <p className="mt-3 font-semibold">
            {t('recovery.left', { count: methods.recoveryCodesLeft })}
          </p>
          {renewing ? (
            <ConfirmChange
              change={{ kind: 'renew-codes' }}
              appHeld={methods.totp !== null}
              submitLabel={t('recovery.renew')}
              onDone={(codes) => {
                setRenewing(false);
                if (codes) onCodes(codes);
              }}
              onCancel={() => setRenewing(false)}
            />
          ) : (
            <button
              type="button"
              className="btn btn-secondary mt-3"
              onClick={() => setRenewing(true)}
            >
              {t('recovery.renew')}
            </button>
          )}
        </>
      ) : (
        <p className="mt-3">{t('recovery.none')}</p>
      )}
    </section>
  );
}

/**
 * A change that weakens or renews the second factor, confirmed with the password, or with a code
 * of the app when the account holds one.
 */
function ConfirmChange({
  change,
  appHeld,
  submitLabel,
  onDone,
  onCancel,
}: {
  change: MethodChange;
  appHeld: boolean;
  submitLabel: string;
  onDone: (codes: string[] | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sign-in-methods');
  const localise = useLocaliseMessage();
  const mutation = useChangeSignInMethod();
  const [withCode, setWithCode] = useState(false);
  const fieldId = useId();
  // The proof is one branch of the contract's confirmation: the password, or the app's code.
  const resolver = useMemo(
    () =>
      withCode
        ? contractResolver<ProofValues, Confirmation>(CodeProofSchema, ({ code }) => ({
            code: code.replace(/\s/g, ''),
          }))
        : contractResolver<ProofValues, Confirmation>(PasswordProofSchema, ({ password }) => ({
            password,
          })),
    [withCode],
  );
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<ProofValues, unknown, Confirmation>({
    defaultValues: { password: '', code: '' },
    resolver,
  });
  const fieldError = withCode ? errors.code : errors.password;

  const onSubmit = handleSubmit((confirmation) =>
    mutation.mutate({ change, confirmation }, { onSuccess: (codes) => onDone(codes) }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 space-y-3 rounded-md border border-line p-4"
    >
      <FormField
        id={fieldId}
        label={withCode ? t('confirm.codeLabel') : t('confirm.passwordLabel')}
        hint={t('confirm.hint')}
        error={
          localise(fieldError?.message) ??
          (mutation.error instanceof ApiError ? localise(mutation.error) : undefined)
        }
        announceError
      >
        {(control) =>
          withCode ? (
            <input
              {...control}
              key="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...register('code')}
            />
          ) : (
            <input
              {...control}
              key="password"
              type="password"
              autoComplete="current-password"
              {...register('password')}
            />
          )
        }
      </FormField>
      <SignInAgain error={mutation.error} />
      {appHeld ? (
        <button
          type="button"
          className="link inline-flex min-h-11 items-center"
          onClick={() => {
            setWithCode((current) => !current);
            clearErrors();
            mutation.reset();
          }}
        >
          {withCode ? t('confirm.usePassword') : t('confirm.useCode')}
        </button>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <PendingButton type="submit" className="btn btn-primary" pending={mutation.isPending}>
          {submitLabel}
        </PendingButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once in place of the sections. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('sign-in-methods');
  const domain = webConfig.domain;
  // Shown in place of the sections: focus moves to its heading, once.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="codes-title" className="mt-8">
      <h2 id="codes-title" className="text-xl font-bold" tabIndex={-1} ref={heading}>
        {t('codes.title')}
      </h2>
      <p className="mt-2">{t('codes.intro')}</p>
      <RecoveryCodeList
        codes={codes}
        texts={{
          copy: t('codes.copy'),
          download: t('codes.download'),
          copied: t('codes.copied'),
          copyFailed: t('codes.copyFailed'),
          downloaded: t('codes.downloaded'),
          fileHeading: t('codes.fileHeading', { domain }),
          fileName: t('codes.fileName', { domain }),
        }}
      />
      <button type="button" className="btn btn-primary mt-4" onClick={onDone}>
        {t('codes.saved')}
      </button>
    </section>
  );
}
