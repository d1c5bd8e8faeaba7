/**
 * Import directions of ARCHITECTURE.md §1, checked by `npm run lint`.
 * Paths are relative to the repository root.
 */
const forbidden = [
  {
    name: 'shared-is-pure',
    comment: 'packages/shared has no I/O and no Node globals: it runs in the server and the browser.',
    severity: 'error',
    from: { path: '^packages/shared/' },
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'shared-imports-nothing-of-ours',
    severity: 'error',
    from: { path: '^packages/shared/' },
    to: { path: '^(server|web|fakes|e2e|bench)/' },
  },
  {
    name: 'web-never-imports-server',
    severity: 'error',
    from: { path: '^web/' },
    to: { path: '^(server|fakes|bench|e2e)/' },
  },
  {
    name: 'server-never-imports-web',
    severity: 'error',
    from: { path: '^server/' },
    to: { path: '^(web|bench|e2e)/' },
  },
  {
    name: 'only-server-tests-use-fakes',
    comment: 'Tests point adapters at a fake; production code never knows the fakes exist.',
    severity: 'error',
    from: {
      path: '^server/',
      pathNot: '(^server/test/|[.]test[.]ts$|-conformance-target[.]ts$|/test-support[.]ts$)',
    },
    to: { path: '^fakes/' },
  },
  {
    name: 'fakes-import-nothing-of-parley',
    severity: 'error',
    from: { path: '^fakes/' },
    to: { path: '^(packages|server|web|e2e|bench)/' },
  },
  {
    name: 'repo-only-within-its-feature',
    comment: "A feature calls another feature's service, never its repo.",
    severity: 'error',
    from: { path: '^server/src/([^/]+)/' },
    to: { path: '^server/src/[^/]+/repo[^/]*\\.ts$', pathNot: '^server/src/$1/' },
  },
  {
    name: 'routes-go-through-services',
    comment: 'routes → service → repo: handlers never touch repositories or the database.',
    severity: 'error',
    from: { path: '^server/src/[^/]+/routes\\.ts$' },
    to: { path: '^server/src/(db/|[^/]+/repo[^/]*\\.ts$)' },
  },
  {
    name: 'only-chat-drives-providers',
    comment: 'The tool loop (agents/) speaks the provider interface; the chat engine hands it the calls.',
    severity: 'error',
    from: { path: '^server/src/', pathNot: '^server/src/(chat|providers|endpoints|agents)/' },
    to: { path: '^server/src/providers/' },
  },
  {
    name: 'providers-read-no-env-db-or-request',
    severity: 'error',
    from: { path: '^server/src/providers/' },
    to: { path: '^server/src/(db|config|plugins|chat)/' },
  },
  {
    name: 'web-features-are-independent',
    comment: 'Features never import each other; app/ composes them.',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
  {
    name: 'ui-primitives-fetch-nothing',
    severity: 'error',
    from: { path: '^web/src/(components|lib)/' },
    to: { path: '^web/src/(features|app)/' },
  },
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|artifacts|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.lint.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
    preserveSymlinks: false,
  },
};
