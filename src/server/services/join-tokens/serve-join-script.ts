import { timingSafeEqual } from "node:crypto";
import type { Cluster } from "@/server/infra/db/client";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { JoinDeps } from "./join-runtime-deps";
import type { JoinScriptResult } from "./join-script-source";

/**
 * The vCluster's own /node/join script for `token`, over the platform's route to the vCluster (public access may be
 * off) and verified with the cluster CA; the script is still the vCluster's own.
 */
export async function fetchNodeJoinScript(deps: JoinDeps, cluster: Cluster, token: string): Promise<JoinScriptResult> {
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  const { server, caPem, tlsServerName } = connection.credentials;
  return deps.scripts.fetch({ endpoint: server, token, caPem, tlsServerName });
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
