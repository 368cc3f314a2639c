import { WebinarPage } from '~/features/help-content/webinar-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/webinar.json';
import id from '~/locales/id/webinar.json';

registerNamespace('webinar', { id, en });

export default WebinarPage;
