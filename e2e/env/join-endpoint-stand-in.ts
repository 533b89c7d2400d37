import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ApiException, AuthenticationV1Api } from "@kubernetes/client-node";
import { kubeConfigFromCredentials } from "@/server/infra/kube/kube-config-from-credentials";
import type { VirtualCluster } from "./kube-cluster";
import { createClusterPki } from "./kube/pki";
import { standInJoinScript } from "./stand-in-join-script";

export interface JoinEndpointStandIn {
  /** https://127.0.0.1:<port>, like a vCluster's public endpoint. */
  endpoint: string;
  /** CA of the stand-in's self-signed serving certificate (IP:127.0.0.1, DNS:localhost). */
  caPem: string;
  /** Number of /node/join requests answered so far. */
  requests(): number;
  stop(): Promise<void>;
}

const TOKEN_PATTERN = /^([a-z0-9]{6})\.[a-z0-9]{16}$/;

/**
 * Plays vCluster's `/node/join`: the token decides only through a real
 * SelfSubjectReview against the given (virtual) apiserver, so bootstrap-token
 * authentication, expiry and revocation are the apiserver's, not ours.
 * The script (stand-in-join-script.ts) names the token id, so tests can tell
 * which token it was issued for, and ends with the kubelet's bootstrap CSR
 * made with the token, as the real join does.
 */
export async function startJoinEndpointStandIn(opts: {
  server: string;
  caPem: string;
  /**
   * Serve with this certificate (e.g. the vCluster apiserver's own, as the real
   * /node/join does; a function is read at every connection, so a re-issued
   * certificate is served at once); default: a fresh self-signed one.
   */
  serving?: { certPem: string; keyPem: string } | (() => { certPem: string; keyPem: string });
  /**
   * Also answer everything else as the vCluster's API, on the same port like
   * vCluster's proxy: requests are relayed to `server`; a client certificate
   * signed by the cluster CA is accepted and the relay uses this identity
   * (the stand-in's only client certificate is the admin one vc-<name> holds),
   * bearer tokens pass through unchanged.
   */
  api?: { clientCertPem: string; clientKeyPem: string };
  /** Appended to the served script, read at every request (e.g. a failing kubeadm step: `echo boom >&2; exit 3`). */
  scriptTail?: () => string;
}): Promise<JoinEndpointStandIn> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-join-stand-in-"));
  let answered = 0;
  try {
    const pki = await createClusterPki(dir, "join-stand-in", ["127.0.0.1", "localhost"]);

    const whoIs = async (token: string): Promise<string | undefined> => {
      const auth = kubeConfigFromCredentials({ server: opts.server, caPem: opts.caPem, token }).makeApiClient(AuthenticationV1Api);
      try {
        const review = await auth.createSelfSubjectReview({ body: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" } });
        return review.status?.userInfo?.username;
      } catch (err) {
        if (err instanceof ApiException && err.code === 401) return undefined;
        throw err;
      }
    };

    const servingNow = () => (typeof opts.serving === "function" ? opts.serving() : (opts.serving ?? pki.serving));
    let served = servingNow();
    const clientAuth = opts.api ? { requestCert: true, rejectUnauthorized: false, ca: opts.caPem } : {};
    const server = https.createServer({ cert: served.certPem, key: served.keyPem, ...clientAuth }, (req, res) => {
      const url = new URL(req.url ?? "/", "https://stand-in");
      if (url.pathname !== "/node/join" && opts.api) {
        relayToApiserver(req, res, opts.server, opts.caPem, opts.api);
        return;
      }
      if (req.method !== "GET" || url.pathname !== "/node/join") {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
        return;
      }
      answered++;
      const token = url.searchParams.get("token") ?? "";
      const id = TOKEN_PATTERN.exec(token)?.[1];
      const deny = () => res.writeHead(401, { "content-type": "text/plain" }).end("Unauthorized\n");
      if (!id) return deny();
      whoIs(token).then(
        (user) => {
          if (user !== `system:bootstrap:${id}`) return deny();
          const script = standInJoinScript({ token, tokenId: id, server: opts.server, caPem: opts.caPem, tail: opts.scriptTail?.() ?? "" });
          res.writeHead(200, { "content-type": "text/x-shellscript" }).end(script);
        },
        (err: unknown) => res.writeHead(502, { "content-type": "text/plain" }).end(`token review failed: ${String(err)}\n`),
      );
    });
    // The TCP connection comes before the handshake: switch to a re-issued certificate here.
    server.on("connection", () => {
      const now = servingNow();
      if (now.certPem !== served.certPem) {
        served = now;
        server.setSecureContext({ cert: now.certPem, key: now.keyPem, ...clientAuth });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;

    let stopped: Promise<void> | undefined;
    return {
      endpoint: `https://127.0.0.1:${port}`,
      caPem: pki.ca.certPem,
      requests: () => answered,
      stop() {
        stopped ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await rm(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** One API request relayed to the apiserver, streamed both ways (watches included). */
function relayToApiserver(req: IncomingMessage, res: ServerResponse, apiserver: string, caPem: string, identity: { clientCertPem: string; clientKeyPem: string }): void {
  const authorizedClient = (req.socket as TLSSocket).authorized;
  const target = new URL(req.url ?? "/", apiserver);
  const headers = { ...req.headers, host: target.host };
  const upstream = https.request(target, {
    method: req.method,
    headers,
    agent: false,
    ca: caPem,
    ...(authorizedClient ? { cert: identity.clientCertPem, key: identity.clientKeyPem } : {}),
  });
  upstream.on("response", (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`relay to the apiserver failed: ${err.message}\n`);
  });
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
}

/**
 * The front a vCluster serves on one port, like its proxy: /node/join decided by the vCluster's own bootstrap-token
 * authentication and served with its own (re-issued) certificate, everything else relayed to its apiserver with the
 * admin identity vc-<name> holds.
 */
export function startVclusterJoinFront(vc: VirtualCluster, extra: { scriptTail?: () => string } = {}): Promise<JoinEndpointStandIn> {
  const admin = vc.kubeConfig().getCurrentUser();
  return startJoinEndpointStandIn({
    server: vc.server,
    caPem: vc.tls.caPem,
    serving: () => vc.tls.serving,
    api: { clientCertPem: Buffer.from(admin?.certData ?? "", "base64").toString(), clientKeyPem: Buffer.from(admin?.keyData ?? "", "base64").toString() },
    ...extra,
  });
}
