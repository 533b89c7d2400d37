import { describe, expect, it } from "vitest";
import { finalizersFromConditions, orphanReportSchema, parseOrphanReport, remainingContentFromConditions, reportHasOrphans, stuckNamespaceMessage, type OrphanReport } from "./orphan-report";

// Conditions exactly as kube-controller-manager's namespace controller writes them (status_condition_utils.go).
const stuck = [
  { type: "NamespaceDeletionDiscoveryFailure", status: "False", message: "All resources successfully discovered" },
  { type: "NamespaceDeletionGroupVersionParsingFailure", status: "False", message: "All legacy kube types successfully parsed" },
  { type: "NamespaceDeletionContentFailure", status: "False", message: "All content successfully deleted, may be waiting on finalization" },
  { type: "NamespaceContentRemaining", status: "True", message: "Some resources are remaining: configmaps. has 1 resource instances, widgets.example.com has 2 resource instances" },
  { type: "NamespaceFinalizersRemaining", status: "True", message: "Some content in the namespace has finalizers remaining: example.com/other in 2 resource instances, kubebyon.test/hold in 1 resource instances" },
];

describe("finalizersFromConditions", () => {
  it("names each finalizer with its count from NamespaceFinalizersRemaining", () => {
    expect(finalizersFromConditions(stuck)).toEqual([
      { finalizer: "example.com/other", count: 2 },
      { finalizer: "kubebyon.test/hold", count: 1 },
    ]);
  });

  it("finds nothing when the condition is False (content-preserving finalizers finished) or absent", () => {
    expect(finalizersFromConditions([{ type: "NamespaceFinalizersRemaining", status: "False", message: "All content-preserving finalizers finished" }])).toEqual([]);
    expect(finalizersFromConditions([])).toEqual([]);
    // A message in another format is not guessed at.
    expect(finalizersFromConditions([{ type: "NamespaceFinalizersRemaining", status: "True", message: "something else: x in 1 resource instances" }])).toEqual([]);
  });
});

describe("remainingContentFromConditions", () => {
  it("lists the remaining resources, without the core group's dangling dot", () => {
    expect(remainingContentFromConditions(stuck)).toEqual(["configmaps has 1 resource instances", "widgets.example.com has 2 resource instances"]);
    expect(remainingContentFromConditions([{ type: "NamespaceContentRemaining", status: "False", message: "All content successfully removed" }])).toEqual([]);
  });
});

describe("stuckNamespaceMessage", () => {
  it("names the finalizers, the objects and what to do", () => {
    const message = stuckNamespaceMessage({
      namespace: "vc-a",
      timeoutSeconds: 5,
      finalizers: [{ finalizer: "kubebyon.test/hold", count: 1 }],
      holders: [{ api_version: "v1", kind: "ConfigMap", name: "held", finalizers: ["kubebyon.test/hold"] }],
    });
    expect(message).toContain("namespace vc-a was still terminating after 5 s");
    expect(message).toContain("kubebyon.test/hold (1)");
    expect(message).toContain("ConfigMap/held");
    expect(message).toContain("Force delete");
  });

  it("falls back to the holders' finalizers, and to kubectl when nothing is known", () => {
    expect(stuckNamespaceMessage({ namespace: "n", timeoutSeconds: 1, finalizers: [], holders: [{ api_version: "v1", kind: "Secret", name: "s", finalizers: ["a/b"] }] })).toContain("finalizers a/b");
    expect(stuckNamespaceMessage({ namespace: "n", timeoutSeconds: 1, finalizers: [], holders: [] })).toContain("kubectl get namespace n -o yaml");
  });
});

describe("orphan report schema", () => {
  const report: OrphanReport = {
    namespace: { name: "vc-a", present: false, phase: null, finalizers: [], remaining_content: [], holders: [] },
    persistent_volumes: [],
    dns_records: [],
    active_join_tokens: ["abcdef"],
    route_plans: [],
    forced: null,
    written_at: "2026-12-05T00:00:00.000Z",
  };

  it("round-trips a report and refuses another shape", () => {
    expect(parseOrphanReport(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(parseOrphanReport({ namespace: "gone" })).toBeNull();
    expect(orphanReportSchema.safeParse({ ...report, forced: { reason: "r" } }).success).toBe(false);
  });

  it("counts a present namespace or a retained volume as orphans, tokens alone as none", () => {
    expect(reportHasOrphans(report)).toBe(false);
    expect(reportHasOrphans({ ...report, persistent_volumes: [{ name: "pv-1", claim: "data-0", reclaim_policy: "Retain", phase: "Released" }] })).toBe(true);
    expect(reportHasOrphans({ ...report, namespace: { ...report.namespace, present: true } })).toBe(true);
  });
});
