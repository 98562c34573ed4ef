/*
 * Layering rules, checked by `npm run lint:deps` (part of `npm test`). See docs/architecture.md.
 * Type-only imports count: a cycle through types still ties the modules' designs together.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other, directly or round a loop (type-only imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routers-not-to-db',
      severity: 'error',
      comment: 'Routers are transport: they call a service, which reads and writes through db/repositories.',
      from: { path: '^src/server/routers/' },
      to: { path: '^src/server/db/' },
    },
    {
      name: 'services-build-no-sql',
      severity: 'error',
      comment:
        "Only db/repositories build SQL (kysely's sql tag or builder): not services, jobs, messaging, trpc, http or adapters. Type-only imports of kysely are fine. A query begun on deps.db or a transaction needs no import: Biome's plugin scripts/lint/services-build-no-sql.grit refuses those.",
      from: {
        path: '^src/server/(services|jobs|messaging|trpc|http|adapters)/',
        // bossDb.ts is pg-boss's database adapter: it runs pg-boss's own statements through Kysely.
        pathNot: '^src/server/jobs/bossDb\\.ts$',
      },
      to: { path: '^node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-not-to-transport',
      severity: 'error',
      comment: 'Services take AppDeps and Actor from src/server/deps.ts, not from the tRPC transport or the HTTP layer.',
      from: { path: '^src/server/(services|jobs|db)/' },
      to: { path: '^src/server/(trpc|routers|http)/' },
    },
    {
      name: 'db-not-to-jobs',
      severity: 'error',
      comment:
        'The db layer (repositories, schema, effects) knows nothing of the job queue: services and jobs send jobs through pg-boss (src/server/jobs) in the transaction the db layer writes in.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/jobs/' },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: "The browser bundle never imports server code; only the router's type (AppRouter) crosses, type-only.",
      from: { path: '^src/client/' },
      to: { path: '^src/server/', pathNot: '^src/server/routers/index\\.ts$' },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: "Only the router's type (AppRouter) crosses from server to client, and only as a type.",
      from: { path: '^src/client/' },
      to: { path: '^src/server/routers/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'src/shared runs in the browser and on the server: it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/client/.*\\.css$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
