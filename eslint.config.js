import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const API = 'apps/api/src';
const apiEntries = readdirSync(API, { withFileTypes: true });
const apiModules = readdirSync(`${API}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which way imports go (docs/architecture.md). A zone forbids `target` to import from `from`.
 */
const boundaries = [
  // Site: features never import each other; app composes them.
  ...webFeatures.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message:
      'Features never import each other: compose them in app/, or move the shared part to components/ or lib/.',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/config`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'components/, lib/ and config/ serve features and app/, never the other way.',
  },
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: 'Features do not import app/: app/ composes features.',
  },
  { target: './apps/web', from: './apps/api', message: 'The site never imports the server.' },
  {
    target: './packages/shared',
    from: ['./apps', './e2e', './bench'],
    message: 'The shared package imports neither app.',
  },
  // Server: plugins wire infrastructure and may use modules; modules never import plugins.
  {
    target: './apps/api/src/modules',
    from: './apps/api/src/plugins',
    message: 'Modules never import plugins: request guards live in src/http/.',
  },
  {
    target: ['./apps/api/src/lib', './apps/api/src/http', './apps/api/src/config'],
    from: ['./apps/api/src/modules', './apps/api/src/plugins'],
    message: 'lib/, http/ and config/ are used by modules and plugins, never the other way.',
  },
  {
    target: './apps/api/src/db',
    from: ['./apps/api/src/modules', './apps/api/src/plugins', './apps/api/src/http'],
    message: 'db/ (the connection, migrations, the unit of work) knows no feature and no HTTP.',
  },
  // Server: a module is reached from outside only through its face, modules/<m>/index.ts.
  ...apiModules.map((module) => ({
    target: [
      ...apiEntries
        .filter((entry) => entry.name !== 'modules')
        .map((entry) => `./${API}/${entry.name}`),
      ...apiModules.filter((other) => other !== module).map((other) => `./${API}/modules/${other}`),
    ],
    from: `./${API}/modules/${module}`,
    except: ['./index.ts'],
    message: `Import another module through its index.ts face: ../${module}/index.js.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'packages/shared/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Type-checked: a promise is awaited, returned or explicitly let go (`void`).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      // Rules that read the imported file (import-x/no-cycle) parse TypeScript with this parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  // No circle of imports in the site, the server or the shared package (docs/architecture.md): a
  // file never reaches itself through its imports, lazy import() included (type-only imports are
  // erased).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // A failed submit focuses the first invalid field in reading order (docs/accessibility.md,
  // rule 7): the site's useForm does, react-hook-form's does not.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message:
                'Use useForm from lib/form.ts: after a failed submit it focuses the first invalid field in reading order.',
            },
          ],
        },
      ],
    },
  },
  // Regular expressions in shipped code run on text from anyone (reports, CSV, names, user agents):
  // none may backtrack or rescan super-linearly (issue 32). test/unit/regex-safety.test.ts checks
  // the server's with recheck as well, which finds cases these rules do not.
  {
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/no-super-linear-move': 'error',
    },
  },
);
