import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/forms.json';
import id from '~/locales/id/forms.json';

// Imported by the shared form components, so their text loads with the pages that use them
// and never with the home page.
registerNamespace('forms', { id, en });

export const FORMS_NAMESPACE = 'forms';
