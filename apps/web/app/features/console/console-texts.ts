import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';

// The console's layout and the invitation page (outside it) each load the texts they need.
registerNamespace('console', { id, en });
