/**
 * The layering of design.md ("One picture", "Rules that keep this picture true", "The workflow
 * engine"), checked by dependency-cruiser: `npm run lint:deps` (the first step of `npm test`).
 *
 * Arrows point down: transports (server/rest, server/trpc) → services and repositories
 * (server/modules) → the engine (server/engine) → core (server/core) → db (server/db) → SQLite.
 * The composition root (server/app.ts with AppDeps in server/deps.ts) sits on top. shared/ is
 * imported by both sides and imports neither. Folder order below the modules (issue 42 "No
 * folder loops"): engine > core > db, each importing only the folders below it (rules
 * core-imports-no-engine, db-imports-no-core-or-engine); outside the engine only its door
 * server/engine/index.ts is imported (engine-has-one-door).
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
      // design.md "One picture": services → repositories → db; core (errors, authz, data scope)
      // is what services build on. Neither core nor db may reach up into a module or a
      // transport (buildApp hands the seed the flowable module's built-in listeners).
      name: 'core-and-db-import-no-module-or-transport',
      comment: 'server/core and server/db import nothing from server/modules, server/rest or server/trpc.',
      severity: 'error',
      from: { path: '^server/(core|db)/' },
      to: { path: '^server/(modules|rest|trpc)/' },
    },
    {
      // Issue 42 "a rule that outside the engine only server/engine/index.ts is imported": the
      // engine's door (index.ts) is its API; its folders are its own. The one exception is the light
      // door server/engine/queries/index.ts (the to-do query alone), for the to-do worker thread
      // (next rule). Tests test internals and are excepted; scripts/ and bench/ are not (they use
      // the door; lint:deps does not cruise them today).
      name: 'engine-has-one-door',
      comment: 'Outside server/engine only server/engine/index.ts (and, for the to-do worker, server/engine/queries/index.ts) is imported (tests excepted).',
      severity: 'error',
      from: { path: '^(server|client|shared|scripts|bench)/', pathNot: ['^server/engine/', '\\.test\\.tsx?$'] },
      to: { path: '^server/engine/', pathNot: ['^server/engine/index\\.ts$', '^server/engine/queries/index\\.ts$'] },
    },
    {
      // The to-do reader's worker thread runs modules/flowable/task/todo-page.ts; through the full
      // door its program would load the whole engine (measured, issue 42: bundled 68 → 386 KiB,
      // ~18 → ~27 MB RSS, +~0.25 s start), so that module alone takes the light door.
      name: 'engine-light-door-is-the-workers',
      comment: 'server/engine/queries/index.ts is imported only by server/modules/flowable/task/todo-page.ts (the to-do worker\'s module; tests excepted).',
      severity: 'error',
      from: { pathNot: ['^server/engine/', '\\.test\\.tsx?$', '^server/modules/flowable/task/todo-page\\.ts$'] },
      to: { path: '^server/engine/queries/index\\.ts$' },
    },
    {
      // Folder order engine > core > db (header): the engine builds on core (errors, clock, like),
      // so core names nothing of the engine, the seed or the composition root. AppDeps, which
      // names the engine, lives beside buildApp (server/deps.ts), not in core.
      name: 'core-imports-no-engine',
      comment: 'server/core imports nothing from server/engine, server/db/seed or the composition root (server/app.ts, main.ts, cli.ts, deps.ts).',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: ['^server/engine/', '^server/db/seed/', '^server/(app|main|cli|deps)\\.ts$'] },
    },
    {
      // Folder order engine > core > db (header): db is the floor (connection, schema, seed,
      // checkpointer, write turns); core imports db (Db type, tables, write turns), never the
      // reverse. The seed gets what modules own (the built-in listeners) from its caller.
      name: 'db-imports-no-core-or-engine',
      comment: 'server/db imports nothing from server/core, server/engine or the composition root (tests excepted).',
      severity: 'error',
      from: { path: '^server/db/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^server/(core|engine)/', '^server/(app|main|cli|deps)\\.ts$'] },
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
      // tables through that domain's repository. The repositories' shared query kit is
      // common/query.repo.ts and common/gen-query.repo.ts (the generated modules'). A module the
      // code generator writes keeps its Drizzle tables in `<business>.table.ts` (they define tables,
      // as server/db/schema does, and only its repository imports them). server/db and the engine
      // keep their own queries. Tests may read tables to check effects.
      name: 'queries-only-in-repositories',
      comment: 'Under server/modules only *.repo.ts files import drizzle-orm, server/db/schema or a generated module\'s *.table.ts (tests, the to-do worker and the *.table.ts files themselves excepted).',
      severity: 'error',
      from: {
        path: '^server/modules/',
        pathNot: [
          '\\.repo\\.ts$',
          '\\.test\\.ts$',
          // The to-do reader's worker thread opens its own read-only connection and queries it
          // (flowable/task/todo-worker.ts): it may stay as it is.
          '^server/modules/flowable/task/todo-worker\\.ts$',
          '\\.table\\.ts$',
        ],
      },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '^server/db/schema(/|\\.ts$)', '^server/modules/.+\\.table\\.ts$'] },
    },
    // The client's layers (issue 42 "client layers lib < components < features < app/routes"), bottom
    // to top; each folder of client/src imports only the folders below it:
    //   lib        tRPC client, auth storage, RSA, the stores (lib/stores), navigation and workflow
    //              paths (lib/navigation), the request-error layer and the toasts / confirm /
    //              loading mask it raises (lib/modal, RuoYi's $modal);
    //   hooks      React hooks over lib (dictionaries, media queries, list search handlers);
    //   components the cross-domain kits (tables, forms, pickers, trees, uploads, editors, the form
    //              renderer, the flowable library pickers, the icon);
    //   features   the workflow building blocks (bpmn-designer, form-designer, flow-view, monitor);
    //   routes, pages  the screens: routes/<group>/<page>/ per menu component, pages/ the
    //              sign-in, register and error pages;
    //   app        the shell (providers, router, layout), which loads routes (import.meta.glob)
    //              and pages (lazy) and hands lib what it needs from above (setReloginHandler,
    //              setSignInStart).
    // A kit two screens or two features share lives in components/ (or lib/, hooks/), not in one
    // of them (client-screens-are-apart, client-features-are-apart).
    {
      name: 'client-lib-is-the-floor',
      comment: 'client/src/lib imports nothing from hooks, components, features, routes, pages or app (the client layers above).',
      severity: 'error',
      from: { path: '^client/src/lib/' },
      to: { path: '^client/src/(hooks|components|features|routes|pages|app)/' },
    },
    {
      name: 'client-hooks-below-components',
      comment: 'client/src/hooks imports only lib (not components, features, routes, pages or app).',
      severity: 'error',
      from: { path: '^client/src/hooks/' },
      to: { path: '^client/src/(components|features|routes|pages|app)/' },
    },
    {
      name: 'client-components-below-features',
      comment: 'client/src/components imports only lib and hooks (not features, routes, pages or app).',
      severity: 'error',
      from: { path: '^client/src/components/' },
      to: { path: '^client/src/(features|routes|pages|app)/' },
    },
    {
      name: 'client-features-below-screens',
      comment: 'client/src/features imports only lib, hooks and components (not routes, pages or app).',
      severity: 'error',
      from: { path: '^client/src/features/' },
      to: { path: '^client/src/(routes|pages|app)/' },
    },
    {
      name: 'client-screens-below-app',
      comment: 'client/src/routes and client/src/pages import neither app (the shell above them) nor each other.',
      severity: 'error',
      from: { path: '^client/src/(routes|pages)/' },
      to: { path: '^client/src/(app|routes|pages)/', pathNot: '^client/src/$1/' },
    },
    {
      name: 'client-features-are-apart',
      comment: 'client/src/features/<a> imports nothing from client/src/features/<b>: what two features share lives in components/.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-screens-are-apart',
      comment: 'A screen folder client/src/routes/<group>/<page>/ (one menu component, e.g. system/user, flowable/task) imports no other screen folder nor the home page (client/src/routes/*.tsx): shared kits live in components/.',
      severity: 'error',
      from: { path: '^client/src/routes/([^/]+/[^/]+)/' },
      to: { path: '^client/src/routes/', pathNot: '^client/src/routes/$1/' },
    },
    {
      name: 'client-home-imports-no-screen',
      comment: 'The home page (client/src/routes/*.tsx) imports no screen folder client/src/routes/<group>/<page>/.',
      severity: 'error',
      from: { path: '^client/src/routes/[^/]+$' },
      to: { path: '^client/src/routes/[^/]+/' },
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
