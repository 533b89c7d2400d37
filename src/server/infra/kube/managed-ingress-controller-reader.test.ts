import { describe, expect, it } from "vitest";
import { labelSelectorQuery } from "./managed-ingress-controller-reader";

describe("labelSelectorQuery", () => {
  it("writes matchLabels sorted by key, then matchExpressions in the apiserver's syntax", () => {
    expect(
      labelSelectorQuery({
        matchLabels: { "app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/component": "controller" },
        matchExpressions: [
          { key: "tier", operator: "In", values: ["edge", "web"] },
          { key: "canary", operator: "NotIn", values: ["true"] },
          { key: "pod-template-hash", operator: "Exists" },
          { key: "legacy", operator: "DoesNotExist" },
        ],
      }),
    ).toBe("app.kubernetes.io/component=controller,app.kubernetes.io/name=ingress-nginx,tier in (edge,web),canary notin (true),pod-template-hash,!legacy");
  });

  it("is empty for no selector, and refuses an operator it does not know", () => {
    expect(labelSelectorQuery(undefined)).toBe("");
    expect(labelSelectorQuery({})).toBe("");
    expect(() => labelSelectorQuery({ matchExpressions: [{ key: "k", operator: "Gt", values: ["1"] }] })).toThrow(/unknown label selector operator "Gt"/);
  });
});
