import { newId } from "@/server/domain/ids";
import type { Db } from "./client";

/** The smallest user + cluster a cluster_jobs row can point at (FK), for job tests. */
export async function insertTestCluster(db: Db): Promise<{ userId: string; clusterId: string }> {
  const userId = newId("usr");
  const clusterId = newId("cl");
  await db.user.create({ data: { id: userId, email: `${userId}@example.test`, name: "job test" } });
  await db.cluster.create({
    data: { id: clusterId, ownerId: userId, name: "jobs", vclusterName: `vc-${clusterId}`.replace(/_/g, "-"), namespace: `ns-${clusterId}`.replace(/_/g, "-") },
  });
  return { userId, clusterId };
}
