/**
 * The layering of design.md ("One picture", "Rules that keep this picture true", "The workflow
 * engine"), checked by dependency-cruiser: `npm run lint:deps` (the first step of `npm test`).
 *
 * Arrows point down: transports (server/rest, server/trpc) → services and repositories
 * (server/modules) → core (server/core) and db (server/db) → SQLite; the engine (server/engine)
 * sits beside core under the services. shared/ is imported by both sides and imports neither.
 *
 * Type-only imports (`import type`) count as dependencies everywhere (tsPreCompilationDeps): a
 * type still couples the layers, and a type-only cycle is still a cycle. The one exception is the
 * client's `import type { AppRouter }` of server/trpc/router.ts, which @trpc/react-query needs to
 * type its calls and which vanishes at build time (rule client-imports-only-the-router-type).
 * Test files (`*.test.ts(x)`) under client/src may run server code (the designer's XML deployed
 * on the engine, the cron parser): they are not part of the client bundle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // design.md "The workflow engine": "The engine folder imports no HTTP code"; it sits below
      // the services, so it imports no module (service, repository, router) either.
      name: 'engine-no-transport-or-module',
      comment: 'server/engine imports no transport (server/rest, server/trpc, fastify, @trpc) and no server/modules.',
      severity: 'error',
      from: { path: '^server/engine/' },
      to: { path: ['^server/(rest|trpc|modules)/', '^server/app\\.ts$', '^server/main\\.ts$', '(^|/)node_modules/(fastify|@fastify|@trpc)/'] },
    },
    {
      // design.md: "shared/ ... imports nothing from server/ or client/".
      name: 'shared-imports-neither-side',
      comment: 'shared/ imports nothing from server/ or client/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['^server/', '^client/'] },
    },
    {
      // design.md "One picture": services → repositories → db; core (errors, authz, deps, data
      // scope) is what services build on. Neither core nor db may reach up into a module or a
      // transport (the seed reads built-in listeners from server/core, not from the flowable module).
      name: 'core-and-db-import-no-module-or-transport',
      comment: 'server/core and server/db import nothing from server/modules, server/rest or server/trpc.',
      severity: 'error',
      from: { path: '^server/(core|db)/' },
      to: { path: '^server/(modules|rest|trpc)/' },
    },
    {
      // design.md: "services ... never see Fastify or tRPC types"; "The REST adapter holds no
      // logic": the REST table calls the tRPC procedures, never the other way round. File shapes
      // (FileReply, UploadedFile) live in server/core/files.ts.
      name: 'modules-import-no-rest',
      comment: 'server/modules import nothing from server/rest (the REST adapter sits above the procedures).',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/rest/' },
    },
    {
      // design.md "One picture": the browser talks to the server only over HTTP (typed tRPC
      // calls). The client bundle imports no server code; only the AppRouter type (next rule).
      name: 'client-imports-no-server',
      comment: 'client/src imports nothing from server/ except the AppRouter type of server/trpc/router.ts (tests excepted).',
      severity: 'error',
      from: { path: '^client/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/', pathNot: '^server/trpc/router\\.ts$' },
    },
    {
      // The tRPC client's types come from `import type { AppRouter }`; a value import would pull
      // the server into the browser bundle.
      name: 'client-imports-only-the-router-type',
      comment: 'client/src may import server/trpc/router.ts only with `import type`.',
      severity: 'error',
      from: { path: '^client/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      // Issue 42 "Queries only in *.repo.ts": under server/modules only repositories (`*.repo.ts`)
      // build queries, so only they import drizzle-orm (any entry point: sqlite-core, sql, …) or
      // the tables (server/db/schema); services and helpers call a repository, other domains'
      // tables through that domain's repository. server/db and the engine keep their own queries.
      // Tests may read tables to check effects.
      name: 'queries-only-in-repositories',
      comment: 'Under server/modules only *.repo.ts files import drizzle-orm or server/db/schema (tests and the allow-list excepted).',
      severity: 'error',
      from: {
        path: '^server/modules/',
        pathNot: [
          '\\.repo\\.ts$',
          '\\.test\\.ts$',
          // The to-do reader's worker thread opens its own read-only connection and queries it
          // (flowable/task/todo-worker.ts): it may stay as it is.
          '^server/modules/flowable/task/todo-worker\\.ts$',
          // ALLOW-LIST of files that still query outside a repository: to be emptied by issue 42;
          // do not add to it (a new file puts its queries in a *.repo.ts).
          '^server/modules/auth/(login|password|routers|secrets|session)\\.service\\.ts$',
          '^server/modules/auth/session-cache\\.ts$',
          '^server/modules/common/(query|gen-query)\\.ts$',
          '^server/modules/system/dept/dept\\.service\\.ts$',
          '^server/modules/system/profile/profile\\.service\\.ts$',
          '^server/modules/system/role/role-auth\\.service\\.ts$',
          '^server/modules/system/role/role-scope\\.ts$',
          '^server/modules/system/user/(user|user-excel)\\.service\\.ts$',
          '^server/modules/system/user/user-scope\\.ts$',
          '^server/modules/tool/gen/(create-table|module-install|sqlite-tables)\\.ts$',
        ],
      },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '^server/db/schema(/|\\.ts$)'] },
    },
    {
      // design.md "One picture" is a picture of layers: an import cycle means two parts each sit
      // above the other. Type-only edges count (see the header).
      name: 'no-circular',
      comment: 'No import cycles in server/, client/ or shared/ (type-only imports included). A cycle closed by a dynamic import() is lazy loading (the signed-in routes, the confirm dialogs: issue 15), not a cycle at load time.',
      severity: 'error',
      from: { path: '^(server|client|shared)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    // Packages are recorded (the engine rule forbids fastify and @trpc) but not cruised into.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^\\.tmp/'] },
    // See type-only imports (they are dependencies too) and resolve `.ts`/`.tsx` paths the way
    // tsc does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
