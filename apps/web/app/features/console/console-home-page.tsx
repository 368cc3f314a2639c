import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Alert } from '~/components/alert';
import { PageTitle } from '~/components/page-title';
import { useConsole } from './console-section';

/** `/konsol`: the first section the member may open, or word that they have none yet. */
export function ConsoleHomePage() {
  const { t } = useTranslation('console');
  const { self } = useConsole();
  const first = self.sections[0];
  if (first) return <Navigate to={CONSOLE_SECTION_PAGES[first]} replace />;
  return (
    <>
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Alert variant="info" className="mt-4 max-w-2xl">
        <p className="font-semibold">{t('home.noSectionsTitle')}</p>
        <p className="mt-1">{t('home.noSections')}</p>
      </Alert>
    </>
  );
}
