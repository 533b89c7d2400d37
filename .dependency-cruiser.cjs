/**
 * The layering of DESIGN.md, enforced in `npm test`:
 *   src/app -> src/server/api -> src/server/services -> src/server/domain
 *   src/server/infra implements ports (type-only imports from services) and uses domain
 *   worker/ -> composition, services, infra, domain
 * Cross-cutting modules (config, observability) may be used by every server layer.
 */
const server = "^src/server/";
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
      name: "services-stay-below-api",
      severity: "error",
      from: { path: `${server}services/` },
      to: { path: [`${server}api/`, "^src/app/", `${server}composition/`, "^src/components/", "^worker/"] },
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
      to: { path: [`${server}api/`, "^src/app/", `${server}composition/`, "^worker/"] },
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
