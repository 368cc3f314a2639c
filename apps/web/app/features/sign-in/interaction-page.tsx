import { INTERACTION_PATHS, SignInResultSchema } from '@portal/contracts/sign-in';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, postJson } from '~/api/api-client';
import { formStyles } from '~/components/form-styles';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { PageTitle } from '~/components/page-title';
import { webConfig } from '~/config';
import { formatDuration } from '~/i18n/format-duration';
import { registerNamespace } from '~/i18n/i18n';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import en from '~/locales/en/sign-in.json';
import id from '~/locales/id/sign-in.json';

registerNamespace('sign-in', { id, en });

/** The provider's login call for this interaction, under the issuer's path on this origin. */
const loginUrl = (uid: string) =>
  `${new URL(webConfig.oidc.issuer, window.location.origin).pathname}${INTERACTION_PATHS.login.replace(':uid', encodeURIComponent(uid))}`;

type Problem =
  | { kind: 'fields'; email: string | null; password: string | null }
  | { kind: 'server'; message: ShownMessage }
  | { kind: 'wait'; seconds: number }
  | { kind: 'expired' };

/**
 * The provider's sign-in page (`/auth/sign-in/:uid`, issue 19): the account address and the
 * password, shown on request, paste allowed. A wrong password, an unknown address and a locked
 * account get the same answer from the API.
 */
export function InteractionPage() {
  const { t } = useTranslation('sign-in');
  const localise = useLocaliseMessage();
  const { uid = '' } = useParams();
  const ids = {
    email: useId(),
    emailHint: useId(),
    emailError: useId(),
    password: useId(),
    passwordError: useId(),
  };
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const domain = webConfig.domain;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    const password = String(form.get('password') ?? '');
    const emailProblem =
      email === ''
        ? t('required')
        : email.endsWith(`@${domain}`) && email.length > domain.length + 1
          ? null
          : t('emailInvalid', { domain });
    const passwordProblem = password === '' ? t('required') : null;
    if (emailProblem || passwordProblem) {
      setProblem({ kind: 'fields', email: emailProblem, password: passwordProblem });
      document.getElementById(emailProblem ? ids.email : ids.password)?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { redirectTo } = await postJson(
        loginUrl(uid),
        { email, password },
        SignInResultSchema,
        {
          outsideApi: true,
        },
      );
      window.location.assign(redirectTo);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429 && error.retryAfter !== null) {
        setProblem({ kind: 'wait', seconds: error.retryAfter });
      } else if (error.status === 401 && error.fieldErrors.length === 0) {
        setProblem({ kind: 'expired' });
      } else {
        setProblem({ kind: 'server', message: error });
      }
    }
  };

  const fieldProblem = problem?.kind === 'fields' ? problem : null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('title', { domain })} />
      <h1 className="text-3xl font-bold">{t('title', { domain })}</h1>
      <p className="mt-3 text-muted">{t('intro', { domain })}</p>
      {problem?.kind === 'expired' ? (
        <div role="alert" className="mt-6 rounded-md border-2 border-danger bg-danger/10 p-4">
          <p className="font-semibold text-danger">{t('expired')}</p>
          <Link to="/auth/login" className="btn btn-primary mt-4">
            {t('startAgain')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-6 space-y-5"
          aria-busy={busy}
        >
          <div role="alert" className={formStyles.error}>
            {problem?.kind === 'server' && localise(problem.message)}
            {problem?.kind === 'wait' &&
              t('wait', { duration: formatDuration(problem.seconds, t) })}
          </div>
          <div>
            <label htmlFor={ids.email} className={formStyles.label}>
              {t('email', { domain })}
            </label>
            <span id={ids.emailHint} className={formStyles.hint}>
              {t('emailHint', { domain })}
            </span>
            <input
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={fieldProblem?.email ? true : undefined}
              aria-describedby={
                fieldProblem?.email ? `${ids.emailHint} ${ids.emailError}` : ids.emailHint
              }
              className={formStyles.control(Boolean(fieldProblem?.email))}
            />
            {fieldProblem?.email ? (
              <p id={ids.emailError} className={formStyles.error}>
                {fieldProblem.email}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={ids.password} className={formStyles.label}>
              {t('password')}
            </label>
            <input
              id={ids.password}
              name="password"
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={fieldProblem?.password ? true : undefined}
              aria-describedby={fieldProblem?.password ? ids.passwordError : undefined}
              className={formStyles.control(Boolean(fieldProblem?.password))}
            />
            {fieldProblem?.password ? (
              <p id={ids.passwordError} className={formStyles.error}>
                {fieldProblem.password}
              </p>
            ) : null}
          </div>
          <ShowPasswordToggle
            visible={visible}
            onToggle={() => setVisible((current) => !current)}
            label={t('show')}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? t('submitting') : t('submit')}
          </button>
          <Link to="/#lupa-kata-sandi" className="link inline-flex min-h-11 items-center">
            {t('forgot')}
          </Link>
        </form>
      )}
    </div>
  );
}
