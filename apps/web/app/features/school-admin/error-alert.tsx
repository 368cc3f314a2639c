import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';
import { enrolPathFrom, reauthenticatePathFrom, useHere } from './second-factor-notice';

/**
 * A failed call in the visitor's language: the server's message by its id, else our own. A
 * refusal for want of a (recent) second factor comes with the way on.
 */
export function ErrorAlert({ error }: { error: Error | null }) {
  const { t } = useTranslation('school-admin');
  const localise = useLocaliseMessage();
  const here = useHere();
  if (!error) return null;
  const id = error instanceof ApiError ? error.id : null;
  const wayOn =
    id === 'second_factor_required'
      ? { to: enrolPathFrom(here), label: t('secondFactor.enrol') }
      : id === 'reauthentication_required'
        ? { to: reauthenticatePathFrom(here), label: t('secondFactor.signInAgain') }
        : null;
  return (
    <Alert variant="error" className="mt-2">
      {error instanceof ApiError ? localise(error) : t('failed')}
      {wayOn ? (
        <>
          {' '}
          <Link
            to={wayOn.to}
            // The server answers `/auth/login`: a document load, not a route of this app.
            reloadDocument={wayOn.to.startsWith('/auth/')}
            className="link font-semibold"
          >
            {wayOn.label}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
