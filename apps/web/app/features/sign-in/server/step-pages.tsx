import { PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import type { PageMessage, SignInPage, SignOutPage } from '@portal/contracts/sign-in-pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/alert';
import { AppCodeField, AuthenticatorKey } from '~/components/authenticator-app';
import { ErrorSummary, type ErrorSummaryItem } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import { PasswordInput } from '~/components/password-input';
import { RecoveryCodes } from '~/components/recovery-code-list';
import { webConfig } from '~/config';
import { formatDuration } from '~/i18n/format-duration';
import { localiseMessage } from '~/i18n/server-messages';

// The provider's steps as the server renders them: plain forms posting to the provider, the
// same components, texts and classes as the rest of the site. Script only enhances them.

type Page<S extends SignInPage['step']> = Extract<SignInPage, { step: S }>;

/** A step's field: its id on the page, its name in the form, its label. */
type Field = { id: string; name: string; label: string };

/** The localised message of a page's problem: a wait in words, else the API's message. */
function useMessage() {
  const { t, i18n } = useTranslation('sign-in');
  return (shown: PageMessage): string =>
    shown.retryAfter
      ? t('wait', { duration: formatDuration(shown.retryAfter, t) })
      : localiseMessage(i18n, shown);
}

/**
 * The GOV.UK error summary of a step: each field's failure, and a failure of the whole step
 * linked to the field to correct first. Each field shows its own line under it too.
 */
function StepErrors({ page, fields }: { page: SignInPage; fields: readonly Field[] }) {
  const { t } = useTranslation('forms');
  const message = useMessage();
  const items: ErrorSummaryItem[] = fields.flatMap((field) => {
    const shown = page.fieldErrors?.[field.name];
    return shown ? [{ fieldId: field.id, label: field.label, message: message(shown) }] : [];
  });
  const first = fields[0];
  if (page.problem && first && items.length === 0)
    items.push({ fieldId: first.id, label: first.label, message: message(page.problem) });
  if (page.problem && !first)
    return (
      <Alert variant="error-box" className="mt-6">
        {message(page.problem)}
      </Alert>
    );
  return items.length > 0 ? (
    <div className="mt-6">
      <ErrorSummary title={t('errorSummary.title')} items={items} attempt={0} />
    </div>
  ) : null;
}

function useFieldError(page: SignInPage) {
  const message = useMessage();
  return (name: string): string | undefined => {
    const shown = page.fieldErrors?.[name];
    return shown ? message(shown) : undefined;
  };
}

/**
 * The bot check asked for after repeated failures: a proof of work the browser computes, so it
 * needs script; the enhancement solves it and says so in this live line.
 */
function BotCheckNotice({ challenge, error }: { challenge: string; error?: string | undefined }) {
  const { t } = useTranslation('forms');
  const { t: tSignIn } = useTranslation('sign-in');
  return (
    <div
      data-bot-check
      data-challenge={challenge}
      data-working={t('botCheck.working')}
      data-verified={t('botCheck.verified')}
      data-failed={t('botCheck.failed')}
    >
      <p className="font-semibold">{t('botCheck.label')}</p>
      <p role="status" className="mt-1" data-bot-check-status>
        {tSignIn('botCheckScript')}
      </p>
      {error ? <Alert variant="field-error">{error}</Alert> : null}
    </div>
  );
}

function Submit({ children, secondary = false }: { children: ReactNode; secondary?: boolean }) {
  return (
    <button type="submit" className={`btn w-full ${secondary ? 'btn-secondary' : 'btn-primary'}`}>
      {children}
    </button>
  );
}

/** The address and password. An unknown address, a wrong password, a lock: one answer. */
export function PasswordPage({ page }: { page: Page<'password'> }) {
  const { t } = useTranslation('sign-in');
  const domain = webConfig.domain;
  const fieldError = useFieldError(page);
  const fields: Field[] = [
    { id: 'sign-in-email', name: 'email', label: t('email', { domain }) },
    { id: 'sign-in-password', name: 'password', label: t('password') },
  ];
  return (
    <>
      <p className="mt-3 text-muted">{t('intro', { domain })}</p>
      {page.loginOn ? null : (
        <Alert variant="warning" className="mt-4">
          {t('loginOff', { domain })}
        </Alert>
      )}
      <StepErrors page={page} fields={fields} />
      <form method="post" action={page.paths.login} noValidate className="mt-6 space-y-5">
        <FormField
          id="sign-in-email"
          label={t('email', { domain })}
          hint={t('emailHint', { domain })}
          error={fieldError('email')}
        >
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={page.email}
            />
          )}
        </FormField>
        <FormField id="sign-in-password" label={t('password')} error={fieldError('password')}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              visible={false}
              autoComplete="current-password"
            />
          )}
        </FormField>
        {page.botCheck ? (
          <BotCheckNotice challenge={page.paths.botCheckChallenge} error={fieldError('altcha')} />
        ) : null}
        <Submit>{t('submit')}</Submit>
        <a
          href={`${page.paths.home}#lupa-kata-sandi`}
          className="link inline-flex min-h-11 items-center"
        >
          {t('forgot')}
        </a>
      </form>
      {page.badge ? (
        // Offered only where the platform's registration allows a student's badge.
        <div className="mt-8 border-t border-line pt-6">
          <a href={page.paths.badge} className="btn btn-secondary w-full">
            {t('badge.offer')}
          </a>
          <p className="mt-2 text-sm text-muted">{t('badge.offerHint')}</p>
        </div>
      ) : null}
    </>
  );
}

/**
 * A failure of a badge step that no field owns (the camera's card, a lock): one box the
 * enhancement script focuses, like an error summary.
 */
function BadgeProblem({ page }: { page: SignInPage }) {
  const message = useMessage();
  if (!page.problem) return null;
  return (
    <Alert variant="error-box" id="error-summary" tabIndex={-1} className="mt-6">
      {message(page.problem)}
    </Alert>
  );
}

/**
 * The badge step: the camera reads the card's QR code (script, an enhancement: the decoder loads
 * only here, and only where the browser has no barcode detector), and the short code with the
 * school's NPSN, a plain form that works without script, is always there.
 */
export function BadgePage({ page }: { page: Page<'badge'> }) {
  const { t } = useTranslation('sign-in');
  const fieldError = useFieldError(page);
  const fields: Field[] = [
    { id: 'badge-npsn', name: 'npsn', label: t('badge.npsn') },
    { id: 'badge-code', name: 'code', label: t('badge.code') },
  ];
  const fieldFailed = Object.keys(page.fieldErrors ?? {}).length > 0;
  return (
    <>
      <p className="mt-3 text-muted">{t('badge.intro')}</p>
      <BadgeProblem page={page} />
      {fieldFailed ? <StepErrors page={{ ...page, problem: null }} fields={fields} /> : null}
      <section
        aria-labelledby="badge-camera-heading"
        className="mt-6 space-y-3"
        data-badge-camera
        data-starting={t('badge.cameraStarting')}
        data-looking={t('badge.cameraLooking')}
        data-loading-reader={t('badge.cameraLoadingReader')}
        data-found={t('badge.cameraFound')}
        data-no-camera={t('badge.noCamera')}
        data-refused={t('badge.cameraRefused')}
        data-failed={t('badge.cameraFailed')}
        data-reader-failed={t('badge.readerFailed')}
        data-stop={t('badge.cameraStop')}
        data-start={t('badge.cameraStart')}
      >
        <h2 id="badge-camera-heading" className="text-xl font-bold">
          {t('badge.cameraHeading')}
        </h2>
        {/* Shown by the enhancement script once the camera is on. */}
        <div data-badge-view hidden>
          <video
            aria-labelledby="badge-camera-heading"
            aria-describedby="badge-camera-status"
            className="aspect-[4/3] w-full rounded-md bg-black object-cover"
            muted
            playsInline
            data-badge-video
          />
        </div>
        <p id="badge-camera-status" role="status" className="min-h-6" data-badge-status>
          {t('badge.cameraNeedsScript')}
        </p>
        <button type="button" className="btn btn-primary w-full" data-badge-start hidden>
          {t('badge.cameraStart')}
        </button>
        <form method="post" action={page.paths.badge} data-badge-qr hidden>
          <input type="hidden" name="qr" value="" />
        </form>
      </section>
      <section aria-labelledby="badge-typed-heading" className="mt-8 border-t border-line pt-6">
        <h2 id="badge-typed-heading" className="text-xl font-bold">
          {t('badge.typedHeading')}
        </h2>
        <form method="post" action={page.paths.badge} noValidate className="mt-4 space-y-5">
          <FormField
            id="badge-npsn"
            label={t('badge.npsn')}
            hint={t('badge.npsnHint')}
            error={fieldError('npsn')}
          >
            {(control) => (
              <input
                {...control}
                name="npsn"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                defaultValue={page.npsn}
              />
            )}
          </FormField>
          <FormField
            id="badge-code"
            label={t('badge.code')}
            hint={t('badge.codeHint')}
            error={fieldError('code')}
          >
            {(control) => (
              <input
                {...control}
                name="code"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className={`${control.className} font-mono uppercase`}
              />
            )}
          </FormField>
          <Submit>{t('badge.submit')}</Submit>
        </form>
      </section>
      <a href={page.paths.page} className="link mt-6 inline-flex min-h-11 items-center">
        {t('badge.back')}
      </a>
    </>
  );
}

/**
 * Who the badge is for, before the sign-in completes: the child sees their name and school and
 * says "Ini saya"; "Bukan saya" forgets the badge and goes back to the camera.
 */
export function BadgeConfirmPage({ page }: { page: Page<'badge-confirm'> }) {
  const { t } = useTranslation('sign-in');
  return (
    <>
      <BadgeProblem page={page} />
      <p className="mt-3">{t('badge.confirmIntro')}</p>
      <dl className="mt-4 space-y-3 rounded-md bg-brand-soft p-4">
        <div>
          <dt className="text-sm text-muted">{t('badge.name')}</dt>
          <dd className="text-2xl font-bold break-words" data-badge-name>
            {page.name}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('badge.school')}</dt>
          <dd className="font-semibold break-words" data-badge-school>
            {page.schoolName}
          </dd>
        </div>
        {page.level ? (
          <div>
            <dt className="text-sm text-muted">{t('badge.level')}</dt>
            <dd className="font-semibold">{page.level}</dd>
          </div>
        ) : null}
      </dl>
      <form method="post" action={page.paths.badgeConfirm} className="mt-6 space-y-3">
        <button type="submit" name="decision" value="yes" className="btn btn-primary w-full">
          {t('badge.yes')}
        </button>
        <button type="submit" name="decision" value="no" className="btn btn-secondary w-full">
          {t('badge.no')}
        </button>
      </form>
    </>
  );
}

/** A badge sign-in this platform (or account) cannot have: why, and the way with a password. */
export function BadgeRefusedPage({ page }: { page: Page<'badge-refused'> }) {
  const { t } = useTranslation('sign-in');
  return (
    <>
      <BadgeProblem page={page} />
      <a href={page.paths.page} className="btn btn-primary mt-6 w-full">
        {t('badge.back')}
      </a>
    </>
  );
}

/** A first sign-in with an initial password set by an admin: a new one before anything else. */
export function NewPasswordPage({ page }: { page: Page<'new-password'> }) {
  const { t } = useTranslation('sign-in');
  const fieldError = useFieldError(page);
  const fields: Field[] = [
    { id: 'sign-in-new-password', name: 'password', label: t('steps.newPassword.label') },
    {
      id: 'sign-in-confirmation',
      name: 'confirmation',
      label: t('steps.newPassword.confirmLabel'),
    },
  ];
  return (
    <>
      <p className="mt-3 text-muted">{t('steps.newPassword.intro')}</p>
      <p id="sign-in-password-rule" className="mt-3 rounded-md bg-brand-soft p-3">
        {t('steps.newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <StepErrors page={page} fields={fields} />
      <form method="post" action={page.paths.newPassword} noValidate className="mt-6 space-y-5">
        <FormField
          id="sign-in-new-password"
          label={t('steps.newPassword.label')}
          describedBy="sign-in-password-rule"
          error={fieldError('password')}
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              visible={false}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField
          id="sign-in-confirmation"
          label={t('steps.newPassword.confirmLabel')}
          error={fieldError('confirmation')}
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="confirmation"
              visible={false}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <Submit>{t('steps.newPassword.submit')}</Submit>
      </form>
    </>
  );
}

/** Ministry staff's first sign-in: the authenticator app from its QR code, then a first code. */
export function TotpEnrolPage({ page }: { page: Page<'totp-enrol'> }) {
  const { t } = useTranslation('sign-in');
  const fieldError = useFieldError(page);
  const fields: Field[] = [
    { id: 'sign-in-enrol-code', name: 'code', label: t('steps.code.label') },
  ];
  return (
    <>
      <p className="mt-3 text-muted">{t('steps.totpEnrol.intro')}</p>
      <AuthenticatorKey
        qrCode={{ svg: page.qrSvg }}
        secret={page.secret}
        qrAlt={t('steps.totpEnrol.qrAlt')}
        manual={t('steps.totpEnrol.manual')}
        className="mt-6"
      />
      <StepErrors page={page} fields={fields} />
      <form method="post" action={page.paths.totpEnrol} noValidate className="mt-6 space-y-5">
        <AppCodeField
          id="sign-in-enrol-code"
          label={t('steps.code.label')}
          hint={t('steps.code.hint')}
          error={fieldError('code')}
        />
        <Submit>{t('steps.code.submit')}</Submit>
      </form>
    </>
  );
}

/** The recovery codes, shown once; the sign-in goes on when the person says they kept them. */
export function RecoveryCodesPage({ page }: { page: Page<'recovery-codes'> }) {
  const { t } = useTranslation('sign-in');
  return (
    <>
      <p className="mt-3">{t('steps.recovery.intro')}</p>
      <RecoveryCodes codes={page.codes} />
      <a href={page.continueTo} className="btn btn-primary mt-6 w-full">
        {t('steps.recovery.saved')}
      </a>
    </>
  );
}

/**
 * The second factor: a code from the app, or a recovery code; a passkey where the account holds
 * one, which needs script (the page says so and keeps the other ways).
 */
export function TotpPage({ page }: { page: Page<'totp'> }) {
  const { t } = useTranslation('sign-in');
  const fieldError = useFieldError(page);
  const recovery = page.recovery || !page.app;
  const fields: Field[] = [
    recovery
      ? { id: 'sign-in-recovery-code', name: 'recovery_code', label: t('steps.recovery.label') }
      : { id: 'sign-in-code', name: 'code', label: t('steps.code.label') },
  ];
  const error = fieldError(recovery ? 'recovery_code' : 'code');
  return (
    <>
      <p className="mt-3 text-muted">
        {page.passkey
          ? t(page.app ? 'steps.passkey.intro' : 'steps.passkey.introRecovery')
          : t(page.app ? 'steps.totp.intro' : 'steps.recovery.signInIntro')}
      </p>
      {page.passkey ? (
        <div className="mt-6 space-y-2" data-passkey data-options={page.paths.passkey}>
          {/* Shown by the enhancement script where the browser can use a passkey. */}
          <button
            type="button"
            className="btn btn-primary w-full"
            data-passkey-use
            data-waiting={t('steps.passkey.waiting')}
            hidden
          >
            {t('steps.passkey.use')}
          </button>
          <p className="text-sm text-muted" data-passkey-needs-script>
            {t('steps.passkey.needsScript')}
          </p>
          <div data-refusal="declined" hidden>
            <Alert variant="field-error">{t('steps.passkey.declined')}</Alert>
          </div>
          <div data-refusal="failed" hidden>
            <Alert variant="field-error">{t('steps.passkey.failed')}</Alert>
          </div>
          <p className="pt-4 text-sm text-muted">
            {page.app ? t('steps.passkey.orCode') : t('steps.passkey.orRecovery')}
          </p>
        </div>
      ) : null}
      <StepErrors page={page} fields={fields} />
      <form method="post" action={page.paths.totp} noValidate className="mt-6 space-y-5">
        {recovery ? (
          <FormField
            id="sign-in-recovery-code"
            label={t('steps.recovery.label')}
            hint={t('steps.recovery.hint')}
            error={error}
          >
            {(control) => (
              <input
                {...control}
                name="recovery_code"
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className={`${control.className} font-mono`}
              />
            )}
          </FormField>
        ) : (
          <AppCodeField
            id="sign-in-code"
            label={t('steps.code.label')}
            hint={t('steps.code.hint')}
            error={error}
          />
        )}
        <Submit secondary={page.passkey}>{t('steps.code.submit')}</Submit>
      </form>
      {page.app ? (
        // The other kind of code: the same step's page, asked again for it.
        <form method="get" action={page.paths.page}>
          {page.recovery ? null : <input type="hidden" name="recovery" value="1" />}
          <button type="submit" className="link inline-flex min-h-11 items-center">
            {page.recovery ? t('steps.totp.useApp') : t('steps.totp.useRecovery')}
          </button>
        </form>
      ) : null}
    </>
  );
}

/**
 * A platform that is not the ministry's own asks to receive parts of the account: each scope
 * is listed; the person allows it (remembered until withdrawn) or declines.
 */
export function ConsentPage({ page }: { page: Page<'consent'> }) {
  const { t } = useTranslation('sign-in');
  const { platform } = page;
  // The account's identifier goes with every sign-in: listed first, whatever was asked.
  const shown = ['openid', ...page.scopes.filter((scope) => scope !== 'openid')];
  return (
    <div className="mt-3 space-y-5">
      {/* The address the person can check against the site they came from. */}
      {page.address ? (
        <p>
          {t('consent.address', { platform })}{' '}
          <span className="break-all font-semibold">{page.address}</span>
        </p>
      ) : null}
      <p>{t('consent.intro', { platform })}</p>
      <StepErrors page={page} fields={[]} />
      <ul className="list-disc space-y-2 pl-6">
        {shown.map((scope) => (
          <li key={scope}>{t(`consent.scopes.${scope}`)}</li>
        ))}
      </ul>
      <p className="text-muted">{t('consent.remembered')}</p>
      <form method="post" action={page.paths.consent} className="space-y-3">
        <button type="submit" name="decision" value="allow" className="btn btn-primary w-full">
          {t('consent.allow')}
        </button>
        <button type="submit" name="decision" value="deny" className="btn btn-secondary w-full">
          {t('consent.deny')}
        </button>
      </form>
    </div>
  );
}

/** An address that names no interaction of this browser (ended, or made up): start again. */
export function ExpiredPage({ page }: { page: Page<'expired'> }) {
  const { t } = useTranslation('sign-in');
  return (
    <Alert variant="error-box" className="mt-6" title={t('expired')}>
      <a href={`${page.paths.home}/auth/login`} className="btn btn-primary mt-4">
        {t('startAgain')}
      </a>
    </Alert>
  );
}

/**
 * The provider's sign-out confirmation: "yes" ends the session on this device; the other button
 * posts the same form without it, which signs out of the asking platform only, as the provider
 * does for a person who declines.
 */
export function SignOutConfirmPage({ page }: { page: Extract<SignOutPage, { step: 'sign-out' }> }) {
  const { t } = useTranslation('sign-in');
  return (
    <form method="post" action={page.action} className="mt-6 space-y-3">
      <p>{t('signOut.question')}</p>
      <input type="hidden" name="xsrf" value={page.xsrf} />
      <button type="submit" name="logout" value="yes" className="btn btn-primary w-full">
        {t('signOut.yes')}
      </button>
      <button type="submit" className="btn btn-secondary w-full">
        {t('signOut.no')}
      </button>
    </form>
  );
}

/** The end of a sign-out that named no way back to a platform. */
export function SignedOutPage({ page }: { page: Extract<SignOutPage, { step: 'signed-out' }> }) {
  const { t } = useTranslation('sign-in');
  return (
    <>
      <p className="mt-3">{t('signOut.done')}</p>
      <a href={page.paths.home} className="btn btn-primary mt-6">
        {t('signOut.home')}
      </a>
    </>
  );
}
