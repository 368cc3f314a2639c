import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';

/** A failed call in the visitor's language: the server's message by its id, else our own. */
export function ErrorAlert({ error }: { error: Error | null }) {
  const { t } = useTranslation('school-admin');
  const localise = useLocaliseMessage();
  if (!error) return null;
  return (
    <Alert variant="error" className="mt-2">
      {error instanceof ApiError ? localise(error) : t('failed')}
    </Alert>
  );
}
