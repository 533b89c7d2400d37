import { timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/domain/errors";
import { hashTokenSecret, parseToken } from "@/server/domain/join-tokens/bootstrap-token";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { JoinDeps } from "./join-runtime-deps";

const refused = () => new AppError("UNAUTHORIZED", "This join token is unknown, expired or revoked. Create a new join command in the console.");

/**
 * The join-script proxy (GET /api/join/clusters/{id}/script?token=): no
 * session — the token is the credential. An unknown, expired or revoked
 * token gets 401 and no script; a valid one gets the vCluster's own
 * /node/join script, fetched with the same token over the platform's route
 * to the vCluster (public access may be off).
 */
export async function serveJoinScript(deps: JoinDeps, input: { clusterId: string; token: string | null }): Promise<string> {
  const token = input.token ? parseToken(input.token) : undefined;
  if (!token) throw refused();
  const row = await deps.db.joinToken.findUnique({ where: { clusterId_tokenId: { clusterId: input.clusterId, tokenId: token.id } }, include: { cluster: true } });
  if (!row || row.revokedAt || row.expiresAt <= deps.now() || !sameHash(row.secretHash, hashTokenSecret(token))) throw refused();

  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, row.cluster);
  // The platform's own route (KUBEBYON_VCLUSTER_ROUTE), verified with the cluster CA: it
  // exists with public access off too, and the script is still the vCluster's own.
  const { server, caPem, tlsServerName } = connection.credentials;
  const result = await deps.scripts.fetch({ endpoint: server, token: input.token!, caPem, tlsServerName });
  if (result.status === "unauthorized") throw refused();
  if (result.status === "unavailable") {
    deps.log.warn("join script unavailable", { cluster_id: input.clusterId, error: result.error });
    throw new AppError("PRECONDITION_FAILED", "The cluster's control plane did not deliver the join script. Try again in a minute; if it persists, check the cluster's status.");
  }
  await deps.db.joinToken.update({ where: { id: row.id }, data: { usedCount: { increment: 1 }, lastUsedAt: deps.now() } });
  return result.script;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
