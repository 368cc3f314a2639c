import { ASSURANCE_LEVELS } from '@portal/contracts/sign-in';
import { signInPath, type SessionUser } from '~/auth/auth-client';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '~/components/alert';
import { useHoldsSecondFactor } from './api/get-second-factor';

/** The profile's sign-in methods, coming back here once the second factor is in use. */
export const enrolPathFrom = (returnTo: string) =>
  `/profile/metode-masuk?returnTo=${encodeURIComponent(returnTo)}`;
/** A new sign-in (`prompt=login`), coming back here: a step-up when the last one is too old. */
export const reauthenticatePathFrom = (returnTo: string) => signInPath({ returnTo, reauth: true });

export const useHere = () => {
  const { pathname, search } = useLocation();
  return pathname + search;
};

/**
 * Why a school admin signed in with a password alone cannot yet request accounts, download
 * initial passwords or reset one, and the way on: to the profile's sign-in methods to enrol a
 * second factor, or, once one is held (enrolled since this sign-in), to sign in again with it;
 * then back here. Nothing when the sign-in used a second factor (the ID token's `acr`).
 */
export function SecondFactorNotice({ user }: { user: SessionUser }) {
  const { t } = useTranslation('school-admin');
  const here = useHere();
  const needed = user.profile.acr !== ASSURANCE_LEVELS.aal2;
  const holds = useHoldsSecondFactor(needed);
  if (!needed) return null;
  // Until the account's factors are known, no way on: the wrong one would flash first.
  const wayOn =
    holds.data === undefined
      ? null
      : holds.data
        ? { to: reauthenticatePathFrom(here), label: t('secondFactor.signInAgain') }
        : { to: enrolPathFrom(here), label: t('secondFactor.enrol') };
  return (
    <Alert variant="info" className="mt-4">
      <p className="font-semibold">{t('secondFactor.title')}</p>
      <p>{holds.data ? t('secondFactor.whyEnrolled') : t('secondFactor.why')}</p>
      {wayOn ? (
        <Link
          to={wayOn.to}
          // The server answers `/auth/login`: a document load, not a route of this app.
          reloadDocument={wayOn.to.startsWith('/auth/')}
          className="link mt-2 inline-flex min-h-11 items-center font-semibold"
        >
          {wayOn.label}
        </Link>
      ) : null}
    </Alert>
  );
}
