import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/password-reset.json';
import id from '~/locales/id/password-reset.json';

// The modals load lazily through the dialog host and the pages with their routes: the texts
// come with whichever arrives first, never with the home page's first load.
registerNamespace('password-reset', { id, en });

export const RESET_NS = 'password-reset';
