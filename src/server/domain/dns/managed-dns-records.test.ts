import { describe, expect, it } from "vitest";
import { ownerComment, parseOwnerComment, planDnsChanges, type DesiredRecord, type ExistingRecord } from "./managed-dns-records";

const cluster = (clusterId: string) => ({ kind: "cluster" as const, clusterId });
const want = (name: string, content: string, clusterId = "cl_a"): DesiredRecord => ({ name, content, source: cluster(clusterId) });
const rec = (id: string, name: string, content: string, comment: string | null, type = "CNAME"): ExistingRecord => ({ id, type, name, content, comment });

describe("ownership marks", () => {
  it("round-trips cluster and binding sources and rejects anything else", () => {
    const b = { kind: "binding" as const, clusterId: "cl_a1", bindingId: "hb_b2" };
    expect(ownerComment(cluster("cl_a1"))).toBe("managed-by: kubebyon cluster=cl_a1");
    expect(parseOwnerComment(ownerComment(b))).toEqual(b);
    expect(parseOwnerComment(ownerComment(cluster("cl_a1")))).toEqual(cluster("cl_a1"));
    for (const foreign of [null, "", "managed-by: kubebyon", "managed-by: someone cluster=cl_a", "note: managed-by: kubebyon cluster=cl_a", "managed-by: kubebyon cluster=cl_a extra"]) {
      expect(parseOwnerComment(foreign)).toBeNull();
    }
    // The longest mark fits Cloudflare's 100-character comment limit of the free plan.
    expect(ownerComment({ kind: "binding", clusterId: `cl_${"x".repeat(20)}`, bindingId: `hb_${"y".repeat(20)}` }).length).toBeLessThanOrEqual(100);
  });
});

describe("planDnsChanges", () => {
  it("keeps, creates, updates and deletes only what the platform owns", () => {
    const existing = [
      rec("1", "Keep.Apps.Example.Test.", "edge.example.test", ownerComment(cluster("cl_a"))),
      rec("2", "move.apps.example.test", "old.example.test", ownerComment(cluster("cl_b"))),
      rec("3", "gone.apps.example.test", "edge.example.test", ownerComment(cluster("cl_gone"))),
      rec("4", "foreign.apps.example.test", "x.example.net", "hand-made"),
    ];
    const plan = planDnsChanges([want("keep.apps.example.test", "EDGE.example.test"), want("move.apps.example.test", "edge.example.test", "cl_b"), want("new.apps.example.test", "edge.example.test", "cl_c")], existing);
    expect(plan.map((c) => `${c.op}:${c.op === "delete" ? c.record.id : c.desired.name}`)).toEqual([
      "keep:keep.apps.example.test",
      "update:move.apps.example.test",
      "create:new.apps.example.test",
      "delete:3",
    ]);
  });

  it("reports a foreign record at a wanted name as a conflict and never plans to change it", () => {
    const plan = planDnsChanges([want("www.apps.example.test", "edge.example.test")], [rec("9", "www.apps.example.test", "203.0.113.1", null, "A")]);
    expect(plan).toEqual([{ op: "conflict", desired: want("www.apps.example.test", "edge.example.test"), message: expect.stringMatching(/type A, content 203\.0\.113\.1.*did not create/) }]);
  });

  it("rewrites the mark when a record moves to another source, and gives a name wanted twice to the first", () => {
    const binding = { kind: "binding" as const, clusterId: "cl_b", bindingId: "hb_1" };
    const plan = planDnsChanges(
      [want("x.apps.example.test", "edge.example.test", "cl_a"), { name: "x.apps.example.test", content: "a.apps.example.test", source: binding }],
      [rec("5", "x.apps.example.test", "edge.example.test", ownerComment(binding))],
    );
    expect(plan[0]).toMatchObject({ op: "update", recordId: "5" });
    expect(plan[1]).toMatchObject({ op: "conflict", message: expect.stringMatching(/also the name of the record for cluster cl_a/) });
    expect(plan).toHaveLength(2);
  });
});
