import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console-platforms.json';
import id from '~/locales/id/console-platforms.json';

// The platform pages' own texts, kept out of the catalogue every console page loads.
registerNamespace('console-platforms', { id, en });
