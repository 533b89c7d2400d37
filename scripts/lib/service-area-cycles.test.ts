import { describe, expect, it } from "vitest";
import { areaCycles, collapseToAreas, serviceAreaOf } from "./service-area-cycles";

const mod = (source: string, ...resolved: string[]) => ({ source, dependencies: resolved.map((r) => ({ resolved: r })) });
const isTest = (p: string) => /\.(test|integration-test)\.ts$/.test(p);

describe("serviceAreaOf", () => {
  it("names the folder under services, or the top-level file", () => {
    expect(serviceAreaOf("src/server/services/clusters/create-cluster.ts")).toBe("clusters");
    expect(serviceAreaOf("src/server/services/service-deps.ts")).toBe("service-deps.ts");
    expect(serviceAreaOf("src/server/domain/ids.ts")).toBeNull();
  });
});

describe("areaCycles", () => {
  it("finds a cycle between two areas, whatever the files", () => {
    const graph = collapseToAreas(
      [
        mod("src/server/services/jobs/handler-registry.ts", "src/server/services/clusters/create-cluster.ts"),
        mod("src/server/services/clusters/create-cluster.ts", "src/server/services/jobs/job-store.ts", "src/server/domain/ids.ts"),
      ],
      isTest,
    );
    expect(areaCycles(graph)).toEqual([["clusters", "jobs", "clusters"]]);
  });

  it("reports a three-area cycle as one path", () => {
    const graph = collapseToAreas(
      [
        mod("src/server/services/accounts/a.ts", "src/server/services/notifications/n.ts"),
        mod("src/server/services/notifications/n.ts", "src/server/services/settings/s.ts"),
        mod("src/server/services/settings/s.ts", "src/server/services/accounts/m.ts"),
      ],
      isTest,
    );
    expect(areaCycles(graph)).toEqual([["accounts", "notifications", "settings", "accounts"]]);
  });

  it("accepts a layered graph and ignores edges from test files and within an area", () => {
    const graph = collapseToAreas(
      [
        mod("src/server/services/nodes/x.ts", "src/server/services/clusters/c.ts", "src/server/services/nodes/y.ts"),
        mod("src/server/services/clusters/c.ts", "src/server/services/service-deps.ts"),
        mod("src/server/services/clusters/c.integration-test.ts", "src/server/services/nodes/x.ts"),
      ],
      isTest,
    );
    expect(areaCycles(graph)).toEqual([]);
  });
});
