import { isIP } from "node:net";
import tls from "node:tls";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ServingCertificateCheck, ServingCertificateProbe } from "@/server/services/clusters/serving-certificate-probe";

/** "DNS:a, IP Address:1.2.3.4" → ["a", "1.2.3.4"]. */
function altNames(subjectaltname: string | undefined): string[] {
  return (subjectaltname ?? "")
    .split(",")
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ""))
    .filter(Boolean);
}

function target(server: string): { host: string; port: number } {
  const url = new URL(server);
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port ? Number(url.port) : 443 };
}

/**
 * node:tls handshake that sends nothing after it: the chain is verified against the cluster CA
 * (socket.authorized), the name by tls.checkServerIdentity — by IP SAN when `name` is an IP,
 * which is also why an IP is never sent as SNI (RFC 6066 forbids it). Verification is decided
 * after the handshake rather than by rejectUnauthorized, so a failure can say which names the
 * certificate carries.
 */
export class TlsServingCertificateProbe implements ServingCertificateProbe {
  check(credentials: ClusterCredentials, name: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ServingCertificateCheck> {
    const { host, port } = target(credentials.server);
    return new Promise((resolve) => {
      let settled = false;
      const done = (result: ServingCertificateCheck) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        options.signal?.removeEventListener("abort", onAbort);
        resolve(result);
      };
      const socket = tls.connect({
        host,
        port,
        servername: isIP(name) ? undefined : name,
        ca: credentials.caPem,
        rejectUnauthorized: false,
        // socket.authorized then means "signed by the cluster CA" only; the name is checked below, once, against `name`.
        checkServerIdentity: () => undefined,
        ALPNProtocols: ["http/1.1"],
      });
      const onAbort = () => done({ ok: false, reason: "the check was stopped", servedNames: null });
      options.signal?.addEventListener("abort", onAbort, { once: true });
      socket.setTimeout(options.timeoutMs, () => done({ ok: false, reason: `no TLS handshake with ${host}:${port} within ${options.timeoutMs} ms`, servedNames: null }));
      socket.once("error", (error) => done({ ok: false, reason: `TLS handshake with ${host}:${port} failed: ${error.message}`, servedNames: null }));
      socket.once("secureConnect", () => {
        const cert = socket.getPeerCertificate();
        const servedNames = altNames(cert.subjectaltname);
        if (!socket.authorized) {
          done({ ok: false, reason: `the certificate served on ${host}:${port} is not signed by the cluster CA (${String(socket.authorizationError)})`, servedNames });
          return;
        }
        const mismatch = tls.checkServerIdentity(name, cert);
        // Node's own message repeats every altname; the caller lists them once.
        done(mismatch ? { ok: false, reason: `the certificate does not cover ${name}`, servedNames } : { ok: true });
      });
    });
  }
}
