import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// apps/web: features never import each other; shared code lives outside features/.
const FEATURES_APART = {
  group: ['../../features/*', '~/features/*'],
  message: 'Features must not import each other.',
};
// apps/web: the UI kit (app/components) knows neither the session nor a feature; a page passes in
// what a component needs.
const KIT_STANDS_ALONE = {
  group: ['~/auth/*', '../auth/*', '~/features/*', '../features/*'],
  message: 'The UI kit must not import the session or a feature: pass what it needs in.',
};

// apps/web: the one way to call the API (app/features/README.md, "Calling the API"): a file per
// call in an api/ folder, holding the fetcher and its TanStack Query hook; components call hooks.
const CALLS_IN_API_FOLDERS = 'Call the API from a file in an api/ folder and use its hook.';
// The client's fetchers, however the client is imported (`~/api/api-client`, `./api-client`).
const CLIENT_ONLY_FOR_ITS_ERROR = {
  regex: '(^|/)api-client$',
  allowImportNames: ['ApiError', 'FieldError'],
  message: `${CALLS_IN_API_FOLDERS} Outside api/ folders import only ApiError.`,
};
const QUERY_HOOKS_ONLY_IN_API_FOLDERS = {
  name: '@tanstack/react-query',
  importNames: [
    'useQuery',
    'useQueries',
    'useInfiniteQuery',
    'useSuspenseQuery',
    'useSuspenseQueries',
    'useSuspenseInfiniteQuery',
    'useMutation',
    'useQueryClient',
    'QueryClient',
  ],
  message: CALLS_IN_API_FOLDERS,
};
const WEB_OUTSIDE_API_FOLDERS = {
  files: ['apps/web/app/**/*.{ts,tsx}'],
  ignores: [
    'apps/web/app/**/api/**',
    'apps/web/app/**/*.test.{ts,tsx}',
    'apps/web/app/test-support/**',
  ],
};

/** Texts go through the portal's useTranslation, which answers plain texts without i18next. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The API reads its environment in exactly one module (DESIGN.md: configuration).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/config.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURES_APART] }] },
  },
  {
    ...WEB_OUTSIDE_API_FOLDERS,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [QUERY_HOOKS_ONLY_IN_API_FOLDERS], patterns: [CLIENT_ONLY_FOR_ITS_ERROR] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: CALLS_IN_API_FOLDERS },
        { name: 'XMLHttpRequest', message: CALLS_IN_API_FOLDERS },
      ],
      // Failures and notices go through ~/components/alert.tsx, which alone sets this role.
      'no-restricted-syntax': [
        'error',
        {
          // On an HTML element; <Alert role=...> keeps an element's role as it was.
          selector:
            "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name='role'] Literal[value='alert']",
          message: 'Show a failure with <Alert> from ~/components/alert.',
        },
      ],
    },
  },
  {
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    ignores: WEB_OUTSIDE_API_FOLDERS.ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [QUERY_HOOKS_ONLY_IN_API_FOLDERS],
          patterns: [FEATURES_APART, CLIENT_ONLY_FOR_ITS_ERROR],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/components/**/*.{ts,tsx}'],
    ignores: WEB_OUTSIDE_API_FOLDERS.ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [QUERY_HOOKS_ONLY_IN_API_FOLDERS],
          patterns: [KIT_STANDS_ALONE, CLIENT_ONLY_FOR_ITS_ERROR],
        },
      ],
    },
  },
  {
    // Journeys take the API's demo registry and fixtures through the package's entries
    // (apps/api/package.json's exports), not from its source tree.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/**'],
              message: 'Import the API through an entry of @portal/api (apps/api/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The calls that stand outside the API client, each for its reason (the README lists them):
    // app-wide loaders on every page's first load, before TanStack Query and zod are loaded,
    // and the bot check's single-use challenge.
    files: [
      'apps/web/app/toggles/feature-toggles.ts',
      'apps/web/app/announcements/announcement-loader.ts',
      'apps/web/app/tracking/tracker.ts',
      'apps/web/app/bot-check/bot-check.tsx',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['apps/web/app/components/alert.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
