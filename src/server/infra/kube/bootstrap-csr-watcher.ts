// @peculiar/x509 resolves its ASN.1 serializers through tsyringe, which needs the Reflect metadata API.
import "reflect-metadata";
import { Pkcs10CertificateRequest } from "@peculiar/x509";
import type { V1CertificateSigningRequest } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { bootstrapTokenIdOf, KUBELET_CLIENT_SIGNER, nodeNameOfCommonName, type BootstrapCsr } from "@/server/domain/join-sessions/bootstrap-csr";
import type { BootstrapCsrWatchEvent, BootstrapCsrWatcher } from "@/server/services/nodes/ports";
import { fromBase64 } from "./kube-calls";
import { resumableWatch } from "./resumable-watch";

export interface KubeBootstrapCsrWatcherOptions {
  /** Asks the API server to end each watch after this long; the watcher resumes from the last resourceVersion. Default 300 s. */
  watchTimeoutSeconds?: number;
  /** Reconnect delay after a failure: doubles from `initialMs` up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
}

/** The common name the PKCS#10 request asks for; null when the request does not parse. */
function requestedCommonName(requestBase64: string): string | null {
  const pem = fromBase64(requestBase64);
  if (!pem) return null;
  try {
    return new Pkcs10CertificateRequest(pem).subjectName.getField("CN")[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A kubelet bootstrap CSR, or null for anything else: made by another user (an admin, a node renewing with its
 * own certificate), for another signer (serving certificates), or asking for a subject that is not
 * `system:node:<name>`. The maker is spec.username, which the apiserver sets and nobody can forge.
 */
export function toBootstrapCsr(csr: V1CertificateSigningRequest): BootstrapCsr | null {
  const name = csr.metadata?.name;
  const tokenId = bootstrapTokenIdOf(csr.spec?.username);
  if (!name || !tokenId || csr.spec?.signerName !== KUBELET_CLIENT_SIGNER || !csr.spec.request) return null;
  const nodeName = nodeNameOfCommonName(requestedCommonName(csr.spec.request));
  return nodeName ? { name, tokenId, nodeName } : null;
}

/** Bootstrap CSRs of one cluster over a resumable watch of certificates.k8s.io/v1 (resumable-watch.ts). */
export class KubeBootstrapCsrWatcher implements BootstrapCsrWatcher {
  private readonly watchTimeoutSeconds: number;
  private readonly backoff: { initialMs: number; maxMs: number };

  constructor(options: KubeBootstrapCsrWatcherOptions = {}) {
    this.watchTimeoutSeconds = options.watchTimeoutSeconds ?? 300;
    this.backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
  }

  async *watch(credentials: ClusterCredentials, signal: AbortSignal): AsyncGenerator<BootstrapCsrWatchEvent> {
    const settings = {
      kind: "CertificateSigningRequest",
      path: "/apis/certificates.k8s.io/v1/certificatesigningrequests",
      watchTimeoutSeconds: this.watchTimeoutSeconds,
      backoff: this.backoff,
    };
    for await (const event of resumableWatch(credentials, settings, signal)) {
      if (event.type === "error") {
        yield event;
        continue;
      }
      // The request is immutable: its first sighting (ADDED, also on every replay) is all that matters.
      if (event.type !== "ADDED") continue;
      const csr = toBootstrapCsr(event.object as V1CertificateSigningRequest);
      if (csr) yield { type: "csr", csr };
    }
  }
}
