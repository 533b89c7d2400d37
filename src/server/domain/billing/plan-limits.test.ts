import { describe, expect, it } from "vitest";
import { clusterQuotaRefusal, nodeQuotaRefusal } from "./plan-limits";

const plan = { name: "Starter", clusterQuota: 2, nodeQuota: 3 };

describe("plan limits", () => {
  it("lets a user hold up to the cluster quota and names the limit when it is reached", () => {
    expect(clusterQuotaRefusal(plan, 1)).toBeNull();
    expect(clusterQuotaRefusal(plan, 2)).toBe(
      'Your plan "Starter" allows 2 cluster(s) and you have 2. Delete a cluster or ask an administrator for a bigger plan first.',
    );
    expect(clusterQuotaRefusal({ ...plan, clusterQuota: 0 }, 0)).toMatch(/allows 0 cluster\(s\)/);
  });

  it("refuses a join token once the cluster has the plan's node count", () => {
    expect(nodeQuotaRefusal(plan, "alpha", 2)).toBeNull();
    expect(nodeQuotaRefusal(plan, "alpha", 3)).toBe(
      'Your plan "Starter" allows 3 node(s) per cluster and cluster "alpha" has 3. Delete a node or ask an administrator for a bigger plan before creating another join token.',
    );
  });
});
