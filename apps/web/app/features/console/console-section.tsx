import type { ConsoleSection, StaffSelf } from '@portal/contracts/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Alert } from '~/components/alert';
import { PageTitle } from '~/components/page-title';

/** What the console's layout hands its pages: who the staff member is. */
export type ConsoleContext = { self: StaffSelf };

export const useConsole = () => useOutletContext<ConsoleContext>();

/**
 * A section's page: its content for a member whose roles open the section, and for
 * anyone else who comes by its address a clear refusal, as the API would answer their calls.
 */
export function ConsoleSectionPage({
  section,
  children,
}: {
  section: ConsoleSection;
  children: (context: ConsoleContext) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const context = useConsole();
  const title = t(`sections.${section}`);
  return (
    <>
      <PageTitle title={title} />
      {context.self.sections.includes(section) ? (
        children(context)
      ) : (
        <>
          <h1 className="text-3xl font-bold">{title}</h1>
          <Alert variant="error-box" className="mt-4 max-w-2xl" title={t('notYourSection.title')}>
            <p>{t('notYourSection.body')}</p>
          </Alert>
        </>
      )}
    </>
  );
}
