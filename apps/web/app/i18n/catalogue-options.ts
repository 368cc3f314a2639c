import type { InitOptions } from 'i18next';
import { brand, webConfig } from '~/config';

/**
 * How every catalogue of the web reads its texts, in the browser and in the sign-in pages'
 * server build alike: nested keys that never name their namespace inline, Indonesian behind
 * any missing English, the brand's names as variables, and no escaping (React escapes what it
 * renders).
 */
export const CATALOGUE_OPTIONS = {
  fallbackLng: 'id',
  initAsync: false,
  keySeparator: '.',
  nsSeparator: false,
  returnNull: false,
  interpolation: {
    escapeValue: false,
    defaultVariables: {
      product: brand.productName,
      domain: webConfig.domain,
      ministry: brand.ministryName,
    },
  },
  react: { useSuspense: false },
} as const satisfies InitOptions;
