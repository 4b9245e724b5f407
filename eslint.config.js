import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const importSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

/** import-x matches zones against absolute paths: globs are anchored at this folder. */
const fromRoot = (glob) => resolve(import.meta.dirname, glob);

/** What both halves share (contract/README.md): it imports neither of them. */
const CONTRACT = ['contract/**', 'test/fixtures/lint/contract/**'];

/**
 * The server's layers under `root`: http handlers (http/, each area's routes.ts, *Routes.ts and
 * area.ts, the registry and the start-up files) → domain (the area folders' other files and
 * the shared top-level files) → db. The db imports nothing else of the server; the domain
 * imports no handler. admin/ is the operator's command-line client and its contract: it
 * imports nothing of the server but dataDir.ts, so the CLI stays a light HTTP client.
 */
function serverLayers(root) {
  const at = (glob) => fromRoot(`${root}/${glob}`);
  return [
    {
      target: at('db/**'),
      from: at('**'),
      except: [at('db/**')],
      message: 'The database layer imports neither the domain nor the HTTP layer.',
    },
    {
      target: [
        at('!(http|admin|db)/**/!(routes|area|*Routes).ts'),
        at('!(app|main|area|areas|settings|backgroundJobs).ts'),
      ],
      from: [
        at('http/**'),
        at('**/{routes,*Routes,area}.ts'),
        at('{app,main,area,areas,settings,backgroundJobs}.ts'),
      ],
      message:
        'Domain code does not import HTTP handlers: a route calls the domain, never the other way; what the domain needs from other areas is handed in (see server/areas.ts).',
    },
    {
      target: at('admin/**'),
      from: at('**'),
      // Single files as @(name) globs: import-x wants globs throughout a zone once one is a glob.
      except: [at('admin/**'), at('@(dataDir).ts')],
      message:
        'The operator CLI is an HTTP client: server/admin/ imports only its own files, the data directory helper and the shared contract, never the areas, the registry or the database.',
    },
  ];
}

/**
 * The server's areas, lowest floor first (docs/architecture.md): an area imports only the
 * areas below it and the infrastructure; the infrastructure (every other folder and
 * top-level file) imports no area. Where a lower area needs a higher one, a hook goes the
 * other way (server/hooks/: payment purposes, money-log sources, work falling due), listed
 * in the higher area's area.ts. The registry and start-up files stand above them all.
 */
const SERVER_AREA_FLOORS = [
  'ledger',
  'users',
  'auth',
  'chain',
  'money',
  'ticket',
  'cycle',
  'node',
  'release',
  'card',
  'mall',
  'content',
];
const SERVER_TOP = '@(app|areas|main|settings).ts';

function serverFloors(root) {
  const at = (glob) => fromRoot(`${root}/${glob}`);
  const folders = (names) => at(names.length === 1 ? `${names[0]}/**` : `{${names.join(',')}}/**`);
  const areaFloors = SERVER_AREA_FLOORS.slice(0, -1).map((area, floor) => {
    const above = SERVER_AREA_FLOORS.slice(floor + 1);
    return {
      target: at(`${area}/**`),
      from: [folders(above), at(SERVER_TOP)],
      message: `server/${area}/ stands below ${above.join(', ')}: it imports none of them (a hook goes the other way, see server/hooks/). The floors are in eslint.config.js and docs/architecture.md.`,
    };
  });
  return [
    ...areaFloors,
    {
      target: [
        at(`!(${SERVER_AREA_FLOORS.join('|')}|admin)/**`),
        at(`!(app|areas|main|settings).ts`),
      ],
      from: [folders(SERVER_AREA_FLOORS), at(SERVER_TOP)],
      message:
        "The server's infrastructure (db, http, realtime, envelope, sessions, hooks, metrics, i18n, config…) imports no area: an area registers what it adds through its area.ts.",
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'coverage',
      // Deliberately broken code that test/unit/lint/boundaries.test.ts and
      // serverBoundaries.test.ts lint on purpose.
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
    // Type-aware rules for the bugs a type checker sees and a plain linter cannot: a promise
    // nobody awaits or catches, a promise where a callback's result is ignored, an await of
    // something that is not a promise. Only these, to keep lint fast enough for CI.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
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
    // The server and the scripts: no import cycle (type-only cycles are caught by
    // scripts/importCycles.ts, run by test/unit/lint/serverBoundaries.test.ts, since import-x
    // skips `import type`), and layers that point one way (serverLayers below).
    files: [
      'server/**/*.ts',
      'scripts/**/*.ts',
      'test/fixtures/lint/server/**/*.ts',
      'test/fixtures/lint/scripts/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverLayers('server'),
            ...serverLayers('test/fixtures/lint/server'),
            ...serverFloors('server'),
            ...serverFloors('test/fixtures/lint/server'),
            {
              target: [
                'server/**',
                'scripts/**',
                'test/fixtures/lint/server/**',
                'test/fixtures/lint/scripts/**',
              ].map(fromRoot),
              from: ['src/**', 'test/fixtures/lint/src/**'].map(fromRoot),
              message:
                'The server and the scripts never import the app: what both halves need lives in contract/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract both halves stand on imports neither: only itself and libraries.
    files: CONTRACT.map((glob) => `${glob}/*.ts`),
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: CONTRACT.map(fromRoot),
              from: [
                'src/**',
                'server/**',
                'test/fixtures/lint/src/**',
                'test/fixtures/lint/server/**',
              ].map(fromRoot),
              message:
                'contract/ is what the app and the server share: it imports neither of them, only itself and libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers point one way: boot/router → routes → shell/features → signIn/payment/realtime →
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
      'src/{api,config,state,wallet,money,ui,offline,i18n,signIn,payment,realtime}/**/*.{ts,tsx}',
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
                'A lower layer (api, config, state, wallet, money, ui, offline, i18n, signIn, payment, realtime) must not import boot, router, shell, features or routes: take what you need as a parameter or from context.',
            },
          ],
        },
      ],
    },
  },
  {
    // Below signIn, payment and realtime (which use them), the shared layers import none of
    // them. The rule's options replace the block's above, so its pattern comes along.
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
                'A lower layer (api, config, state, wallet, money, ui, offline, i18n, signIn, payment, realtime) must not import boot, router, shell, features or routes: take what you need as a parameter or from context.',
            },
            {
              regex: '^(\\.\\./)+(signIn|payment|realtime)/',
              message:
                'api, config, state, wallet, money, ui, offline and i18n sit below signIn, payment and realtime: take what you need as a parameter.',
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
            readdirSync(`${root}/features`, { withFileTypes: true })
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
