import { ResourcesPage } from '~/features/help-content/resources-page';
import { registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import id from '~/locales/id/resources.json';

// The English comes only when a visitor reads English.
registerNamespace('resources', { id, en: () => import('~/locales/en/resources.json') });

export default function ResourcesRoute() {
  useEnglishTexts('resources');
  return <ResourcesPage />;
}
