import { execFileSync } from "node:child_process";
import { areaCycles, collapseToAreas, type ModuleEdges } from "./lib/service-area-cycles";

// `npm run deps:check` (and the layering step of `npm test`): the service areas
// must form a DAG. dependency-cruiser lists every import of src/server/services
// (type-only ones included, see tsPreCompilationDeps in .dependency-cruiser.cjs);
// this collapses them to areas and fails on any cycle.
const json = execFileSync("node_modules/.bin/depcruise", ["src/server/services", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
const { modules } = JSON.parse(json) as { modules: ModuleEdges[] };
const graph = collapseToAreas(modules, (path) => /\.(test|integration-test)\.ts$|\.test-fixtures\.ts$/.test(path));
const cycles = areaCycles(graph);
if (cycles.length > 0) {
  console.error("service areas import each other in a cycle (see docs/architecture.md, 'Service areas'):");
  for (const cycle of cycles) console.error(`  ${cycle.join(" -> ")}`);
  console.error("Move the shared piece to the area both may import (or to the domain), or pass it in from the composition root.");
  process.exit(1);
}
console.log(`✔ ${graph.size} service areas, no cycle between them`);
