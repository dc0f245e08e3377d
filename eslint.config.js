import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Imports run one way (docs/architecture.md): contract → platform → features → app, and a feature
 * uses another only through that feature's index.ts. no-restricted-imports sees the specifier as
 * written, so these read relative paths: how many `../` a specifier climbs says where it lands.
 * (A dynamic import() is not checked; the web app's lazy pages stay inside their feature.)
 */
const climbsTo = (folder) => `^(\\.\\./)+${folder}(/|$)`;
const PUBLIC_SURFACE = 'Another feature is used only through its index.ts, its public surface; add what you need there.';
const rules = {
  apps: { regex: `${climbsTo('apps')}|^@campus/(server|web)(/|$)`, message: 'The contract is shared by the server and the web app: it imports neither.' },
  features: { regex: climbsTo('features'), message: 'The platform is below the features and knows none of them: a feature hands it what it needs (a topic, a decoration, a prompt).' },
  webFeatures: { regex: climbsTo('features'), message: 'lib and components serve every feature and know none of them.' },
  serverApp: { regex: '^(\\.\\./)+app$', message: 'app.ts composes the server; nothing it composes imports it.' },
  webApp: { regex: climbsTo('app'), message: 'src/app composes the web app; nothing it composes imports it.' },
};

/**
 * A file `depth` folders below features/ may reach another feature as `../…/<f>` or
 * `../…/<f>/index` (or one of `extra`), never a file inside it.
 */
function otherFeatures(depth, extra = []) {
  const allowed = `(?!(${['index', ...extra].join('|')})$)`;
  return { regex: `^(\\.\\./){${depth}}[^./][^/]*/${allowed}|(^|/)features/[^/]+/${allowed}`, message: PUBLIC_SURFACE };
}

const restrict = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const TESTS = ['**/*.test.{ts,tsx}'];
const DEPTHS = [1, 2, 3];
const below = (root, depth, ext) => `${root}/${'*/'.repeat(depth)}*.${ext}`;

const layerRules = [
  restrict(['packages/contract/**'], [rules.apps]),
  restrict(['apps/server/src/platform/**'], [rules.features, rules.serverApp], TESTS),
  // Platform tests drive the whole server, which app.ts builds.
  restrict(TESTS.map((t) => `apps/server/src/platform/${t}`), [rules.features]),
  ...DEPTHS.map((d) => restrict([below('apps/server/src/features', d, 'ts')], [otherFeatures(d), rules.serverApp], TESTS)),
  ...DEPTHS.map((d) => restrict([below('apps/server/src/features', d, 'test.ts')], [otherFeatures(d)])),
  restrict(['apps/web/src/lib/**', 'apps/web/src/components/**'], [rules.webFeatures, rules.webApp]),
  ...DEPTHS.map((d) => restrict([below('apps/web/src/features', d, '{ts,tsx}')], [otherFeatures(d), rules.webApp], TESTS)),
  // Tests may also borrow another feature's sample data.
  ...DEPTHS.map((d) => restrict([below('apps/web/src/features', d, 'test.{ts,tsx}')], [otherFeatures(d, ['test-data']), rules.webApp])),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/artifacts/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layerRules,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
