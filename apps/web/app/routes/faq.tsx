import { FaqPage } from '~/features/help-content/faq-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/faq.json';
import id from '~/locales/id/faq.json';

registerNamespace('faq', { id, en });

export default FaqPage;
