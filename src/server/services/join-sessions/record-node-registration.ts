import { newId } from "@/server/domain/ids";
import type { JoinSessionStatus } from "@/server/domain/join-sessions/join-session-status";
import type { JoinFailureReason } from "@/server/domain/join-sessions/join-failure";
import { kubeletSkew, type KubeletSkew } from "@/server/domain/node-health/kubelet-skew";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { appendJoinSessionEvent } from "./append-join-session-event";

/** One kubelet bootstrap CSR as the CSR watch saw it: token `tokenId` was used to join node `nodeName`. */
export interface NodeRegistration {
  clusterId: string;
  tokenId: string;
  nodeName: string;
  csrName: string;
  observedAt: Date;
}

export type NodeRegistrationOutcome =
  /** This CSR was recorded before (a re-list after a watch break): nothing changed. */
  | { recorded: false }
  /** A new provenance row; `sessionId` is the session it finished (null: none was waiting), `skew` set when a warning was added. */
  | { recorded: true; sessionId: string | null; skew: KubeletSkew | null };

/** Sessions a registering node can finish: the vCluster's script is running or has exited 0. */
const WAITING_STATUSES = ["joining", "waiting_for_node"] as const satisfies readonly JoinSessionStatus[];

/** The check name of the version-skew warning on a session's timeline; the same word as the typed failure reason. */
export const KUBELET_VERSION_SKEW_CHECK = "kubelet_version_skew" satisfies JoinFailureReason;

/**
 * Token provenance (docs/token-provenance.md): records that `tokenId` joined `nodeName` (join_token_nodes,
 * once per CSR, so a replayed CSR changes nothing), and finishes the join session that was waiting for that
 * node: `joined` with a `node_registered` event, plus a `warn` check when the node's kubelet is already known
 * to be outside the control plane's supported version skew. All in one transaction.
 */
export async function recordNodeRegistration(deps: Pick<ServiceDeps, "db">, registration: NodeRegistration): Promise<NodeRegistrationOutcome> {
  const { clusterId, tokenId, nodeName, csrName, observedAt } = registration;
  return deps.db.$transaction(async (tx) => {
    const joinToken = await tx.joinToken.findUnique({ where: { clusterId_tokenId: { clusterId, tokenId } }, select: { id: true } });
    // ON CONFLICT (cluster_id, csr_name) DO NOTHING: the first sighting wins, whichever process or replay saw it.
    const inserted = await tx.joinTokenNode.createMany({
      data: [{ id: newId("jtn"), clusterId, tokenId, joinTokenId: joinToken?.id ?? null, nodeName, csrName, observedAt }],
      skipDuplicates: true,
    });
    if (inserted.count === 0) return { recorded: false };

    const sessionId = await lockWaitingSession(tx, registration);
    if (!sessionId) return { recorded: true, sessionId: null, skew: null };
    await tx.joinTokenNode.update({ where: { clusterId_csrName: { clusterId, csrName } }, data: { sessionId } });
    await appendJoinSessionEvent(
      tx,
      sessionId,
      { kind: "node_registered", outcome: "pass", detail: `Node ${nodeName} asked for its kubelet client certificate with this token (CSR ${csrName}).` },
      observedAt,
      { status: "joined", registeredNode: nodeName, finished: true },
    );
    const skew = await knownKubeletSkew(tx, clusterId, nodeName);
    if (skew) {
      await appendJoinSessionEvent(tx, sessionId, { kind: "check", check: KUBELET_VERSION_SKEW_CHECK, outcome: "warn", detail: skewMessage(skew) }, observedAt);
    }
    return { recorded: true, sessionId, skew };
  });
}

/**
 * The newest waiting session of the token, preferring one whose reported node name is this node (two machines
 * joining with one token at once); locked, and checked again under the lock so a concurrent timeout wins cleanly.
 */
async function lockWaitingSession(tx: Prisma.TransactionClient, registration: NodeRegistration): Promise<string | null> {
  const candidates = await tx.joinSession.findMany({
    where: { clusterId: registration.clusterId, tokenId: registration.tokenId, status: { in: [...WAITING_STATUSES] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, nodeName: true },
  });
  // The kubelet lowercases the hostname it registers with.
  const sameNode = (name: string | null) => name?.toLowerCase() === registration.nodeName;
  const ordered = [...candidates.filter((s) => sameNode(s.nodeName)), ...candidates.filter((s) => !sameNode(s.nodeName))];
  for (const candidate of ordered) {
    if (!(await lockRowForUpdate(tx, "joinSession", candidate.id))) continue;
    const current = await tx.joinSession.findUnique({ where: { id: candidate.id }, select: { status: true } });
    if (current && (WAITING_STATUSES as readonly JoinSessionStatus[]).includes(current.status)) return candidate.id;
  }
  return null;
}

/** Only what is known now: a node that has not registered yet, or a control plane never read, is no evidence. */
async function knownKubeletSkew(tx: Prisma.TransactionClient, clusterId: string, nodeName: string): Promise<KubeletSkew | null> {
  const node = await tx.node.findUnique({ where: { clusterId_name: { clusterId, name: nodeName } }, select: { kubeletVersion: true, deletedAt: true } });
  if (!node || node.deletedAt) return null;
  const cluster = await tx.cluster.findUnique({ where: { id: clusterId }, select: { controlPlaneVersion: true } });
  return kubeletSkew(node.kubeletVersion, cluster?.controlPlaneVersion);
}

function skewMessage(skew: KubeletSkew): string {
  const fix = skew.direction === "newer" ? "install a kubelet no newer than the control plane" : "upgrade the node's kubelet";
  return `Kubelet ${skew.kubeletMinor} is outside the supported skew of control plane ${skew.controlPlaneMinor} (supported: ${skew.supported}); ${fix}, then rejoin the node.`;
}
