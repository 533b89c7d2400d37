/**
 * The layering of DESIGN.md, enforced in `npm test`:
 *   src/app -> src/server/api -> src/server/services -> src/server/domain
 *   src/server/infra implements ports (type-only imports from services) and uses domain
 *   worker/ -> composition, services, infra, domain
 *   route-agent/ -> services, infra, domain (no composition: it runs no job processing)
 * Cross-cutting modules (config, observability) may be used by every server layer.
 * Each rule is shown failing on a deliberately wrong import in docs/architecture.md's history (issue 8 note).
 */
const server = "^src/server/";
const tests = "\\.(test|integration-test|e2e)\\.ts$|\\.test-fixtures\\.ts$";
const production = ["^src/", "^worker/", "^route-agent/"];
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true, dependencyTypesNot: ["type-only"] } },
    {
      name: "domain-is-pure",
      comment: "The domain layer imports nothing but itself, zod and the standard library.",
      severity: "error",
      from: { path: `${server}domain/`, pathNot: "\\.test\\.ts$" },
      to: { pathNot: [`${server}domain/`, "^node_modules/zod/", "^(node:)?[a-z_]+$"], dependencyTypesNot: ["core"] },
    },
    {
      name: "config-is-cross-cutting",
      comment: "src/server/config (the registry of environment variables and its parser) is used by every layer, so it imports only itself, the domain, zod and the standard library.",
      severity: "error",
      from: { path: `${server}config/`, pathNot: tests },
      to: { pathNot: [`${server}(config|domain)/`, "^node_modules/zod/", "^(node:)?[a-z_]+$"], dependencyTypesNot: ["core"] },
    },
    {
      name: "services-stay-below-api",
      severity: "error",
      from: { path: `${server}services/` },
      to: { path: [`${server}api/`, "^src/app/", `${server}composition/`, "^src/components/", "^worker/", "^route-agent/"] },
    },
    {
      name: "infra-implements-ports-only",
      comment: "Infrastructure may reference service ports as types, never call use cases.",
      severity: "error",
      from: { path: `${server}infra/` },
      to: { path: [`${server}services/`], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "infra-stays-below-api",
      severity: "error",
      from: { path: `${server}infra/` },
      to: { path: [`${server}api/`, "^src/app/", `${server}composition/`, "^worker/", "^route-agent/"] },
    },
    {
      name: "api-does-not-touch-infra",
      comment: "Routers are thin: they call services; wiring lives in the composition root.",
      severity: "error",
      from: { path: `${server}api/` },
      to: { path: [`${server}infra/`, "^src/app/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-goes-through-api",
      comment: "Pages and route handlers call the API layer, never services, infra or the database.",
      severity: "error",
      from: { path: "^src/app/" },
      to: { path: [`${server}services/`, `${server}infra/`, `${server}domain/`] },
    },
    {
      name: "client-code-stays-off-the-server",
      severity: "error",
      from: { path: ["^src/components/", "^src/lib/"] },
      to: { path: [`${server}(services|infra|composition)/`], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "worker-does-not-use-web",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: [`${server}api/`, "^src/app/", "^src/components/"] },
    },
    {
      name: "route-agent-does-not-use-web",
      comment: "The route agent (a DaemonSet on every host node) uses services, domain, infra, config and observability; not the web, the API or the platform's composition root.",
      severity: "error",
      from: { path: "^route-agent/" },
      to: { path: [`${server}api/`, "^src/app/", "^src/components/", `${server}composition/`, "^worker/"] },
    },
    {
      name: "api-gets-the-runtime-passed-in",
      comment: "Routers and HTTP helpers receive deps through the tRPC context or arguments; only entry points (src/app, worker/) obtain the runtime.",
      severity: "error",
      from: { path: `${server}api/` },
      to: { path: `${server}composition/` },
    },
    {
      name: "services-use-only-the-db-facade",
      comment: "Use cases reach infrastructure through ports the composition root fills; of infra they import only src/server/infra/db/client.ts (types, transactions, lock and error helpers).",
      severity: "error",
      from: { path: `${server}services/`, pathNot: tests },
      to: { path: `${server}infra/`, pathNot: `^src/server/infra/db/client\\.ts$` },
    },
    {
      name: "background-engine-knows-no-area",
      comment: "services/background runs every area's tasks and so imports none of them (like services/jobs): an area imports the engine's contract, never the reverse. It may use service-deps.ts.",
      severity: "error",
      from: { path: `${server}services/background/`, pathNot: tests },
      to: { path: `${server}services/`, pathNot: [`${server}services/background/`, `^src/server/services/service-deps\\.ts$`] },
    },
    {
      name: "worker-code-stays-framework-free",
      comment: "What worker/ shares (services, domain, infra, composition, config, observability) must load in plain Node: no Next.js, next-auth, React or server-only.",
      severity: "error",
      from: { path: [`${server}(services|domain|infra|composition|config|observability)/`, "^worker/", "^route-agent/"] },
      to: { path: "^node_modules/(next|next-auth|react|react-dom|server-only)/" },
    },
    {
      name: "production-code-does-not-import-tests",
      severity: "error",
      from: { path: production, pathNot: tests },
      to: { path: "^e2e/" },
    },
    {
      name: "production-code-uses-production-dependencies",
      comment: "A devDependency is not installed by `npm ci --omit=dev`; production code must not need one.",
      severity: "error",
      from: { path: production, pathNot: tests },
      to: { dependencyTypes: ["npm-dev"] },
    },
    {
      name: "imports-resolve",
      comment: "An import dependency-cruiser cannot resolve is a typo or a missing package; fail instead of skipping it.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "client-code-reads-no-server-config",
      comment: "Client components get what they need as props or through tRPC; env config and the logger are server-side.",
      severity: "error",
      from: { path: ["^src/components/", "^src/lib/"] },
      to: { path: `${server}(config|observability)/` },
    },
    {
      name: "generated-client-via-db-module",
      comment: "Only src/server/infra/db imports the generated Prisma client.",
      severity: "error",
      from: { pathNot: "^src/server/infra/db/" },
      to: { path: "^src/server/infra/db/generated/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^src/server/infra/db/generated/", "\\.next/", "e2e/kube-tools"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
