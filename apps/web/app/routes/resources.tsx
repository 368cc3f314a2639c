import { ResourcesPage } from '~/features/help-content/resources-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/resources.json';
import id from '~/locales/id/resources.json';

registerNamespace('resources', { id, en });

export default ResourcesPage;
