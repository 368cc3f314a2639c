import { OldHomepagePage } from '~/features/help-content/old-homepage-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/oldhomepage.json';
import id from '~/locales/id/oldhomepage.json';

registerNamespace('oldhomepage', { id, en });

export default OldHomepagePage;
