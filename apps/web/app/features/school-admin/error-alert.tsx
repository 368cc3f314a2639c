import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { useLocaliseMessage } from '~/i18n/server-messages';

/** A failed call in the visitor's language: the server's message by its id, else our own. */
export function ErrorAlert({ error }: { error: Error | null }) {
  const { t } = useTranslation('school-admin');
  const localise = useLocaliseMessage();
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 font-semibold text-danger">
      {error instanceof ApiError ? localise(error) : t('failed')}
    </p>
  );
}
