import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'coverage',
      // Deliberately broken code that test/unit/lint/boundaries.test.ts lints on purpose.
      'test/fixtures/lint',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // The app must never persist the session token.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='document'][property.name='cookie']",
          message: 'No cookies: the session lives in memory only.',
        },
        {
          selector: "MemberExpression[object.name='sessionStorage']",
          message: 'No sessionStorage: the session lives in memory only.',
        },
      ],
    },
  },
  {
    // Layers point one way: boot/router → routes → shell/features → signIn/payment →
    // api/config/state/wallet/money/ui/offline/i18n, with main.tsx the one composition root.
    // Cycles fail too.
    files: ['src/**/*.{ts,tsx}', 'test/fixtures/lint/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [
      'src/{api,config,state,wallet,money,ui,offline,i18n,signIn,payment}/**/*.{ts,tsx}',
      'test/fixtures/lint/src/state/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(boot|router|shell|features|routes)/|main\\.tsx$',
              message:
                'A lower layer (api, config, state, wallet, money, ui, offline, i18n, signIn, payment) must not import boot, router, shell, features or routes: take what you need as a parameter or from context.',
            },
          ],
        },
      ],
    },
  },
  {
    // Below signIn and payment (which use them), the shared layers import neither. The rule's
    // options replace the block's above, so its pattern comes along.
    files: [
      'src/{api,config,state,wallet,money,ui,offline,i18n}/**/*.{ts,tsx}',
      'test/fixtures/lint/src/state/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(boot|router|shell|features|routes)/|main\\.tsx$',
              message:
                'A lower layer (api, config, state, wallet, money, ui, offline, i18n, signIn, payment) must not import boot, router, shell, features or routes: take what you need as a parameter or from context.',
            },
            {
              regex: '^(\\.\\./)+(signIn|payment)/',
              message:
                'api, config, state, wallet, money, ui, offline and i18n sit below signIn and payment: take what you need as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'test/fixtures/lint/src/features/**/*.ts'],
    rules: {
      // Each feature stands on its own: a file in features/<a>/ imports nothing from another
      // features/<b>/. What two features share belongs in a lower layer; a route composes them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['src', 'test/fixtures/lint/src'].flatMap((root) =>
            process
              .getBuiltinModule('node:fs')
              .readdirSync(`${root}/features`, { withFileTypes: true })
              .filter((entry) => entry.isDirectory())
              .map(({ name }) => ({
                target: `${root}/features/${name}`,
                from: `${root}/features`,
                except: [`./${name}`],
                message:
                  'A feature must not import another feature: move what both use to a lower layer (ui, state, signIn, payment…), or let the route compose them.',
              })),
          ),
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(boot|router|routes|shell)/|main\\.tsx$',
              message:
                'Features must not import routes, the router, the shell or boot: routes use features, never the other way.',
            },
          ],
        },
      ],
    },
  },
);
