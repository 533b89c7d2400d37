import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AdmissionAnswer, AdmissionCall, AdmissionResource } from "@/server/services/admission/review-admission";

/** An AdmissionReview with a whole Pod (and an oldObject on updates) stays far below this. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const PATH = /^\/admission\/v1\/clusters\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,128})\/(nodes|pods)$/;

export interface AdmissionServerOptions {
  listen: { address: string; port: number };
  tls: { certificatePem: string; privateKeyPem: string };
  handle(call: AdmissionCall): Promise<AdmissionAnswer>;
  /** Unexpected failures (the answer is then a bare 500). */
  onError(error: unknown): void;
}

export interface AdmissionServer {
  /** The bound port (the configured one, or the one the OS chose for port 0). */
  port: number;
  /** Swaps the serving certificate for new connections (a re-issued certificate, a rotated CA). */
  setCertificate(tls: { certificatePem: string; privateKeyPem: string }): void;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, { "content-length": "0" }).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > MAX_BODY_BYTES) throw new HttpError(413);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

const isJson = (contentType: string | undefined) => (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";

async function route(req: IncomingMessage, res: ServerResponse, options: AdmissionServerOptions): Promise<void> {
  const match = PATH.exec(new URL(req.url ?? "/", "https://admission.invalid").pathname);
  if (!match) return send(res, 404);
  if (req.method !== "POST") {
    res.setHeader("allow", "POST");
    return send(res, 405);
  }
  if (!isJson(req.headers["content-type"])) return send(res, 415);
  const body = await readJson(req);
  const answer = await options.handle({ clusterId: match[1] ?? "", token: match[2] ?? "", resource: match[3] as AdmissionResource, body });
  if (answer.status === 200) return send(res, 200, answer.review);
  if (answer.status === 400) return send(res, 400, { message: answer.problem });
  return send(res, answer.status);
}

/**
 * The webhook's own HTTPS listener (not Next's): the vClusters' apiservers reach it on the address in
 * KUBEBYON_ADMISSION_WEBHOOK_URL and verify it against the platform CA. Only POST of JSON to
 * /admission/v1/clusters/{cluster_id}/{token}/{nodes|pods} is served; anything else is 404, 405, 413 or 415.
 */
export async function listenAdmissionServer(options: AdmissionServerOptions): Promise<AdmissionServer> {
  const server: Server = createServer({ key: options.tls.privateKeyPem, cert: options.tls.certificatePem, minVersion: "TLSv1.2" }, (req, res) => {
    route(req, res, options).catch((err: unknown) => {
      if (err instanceof HttpError) {
        // Answer at once and discard the rest of an oversized body (bounded by requestTimeout), so the client reads
        // the 413 instead of a reset connection; then the connection closes.
        req.resume();
        res.setHeader("connection", "close");
        send(res, err.status);
        return;
      }
      options.onError(err);
      if (!res.headersSent) send(res, 500);
      else res.destroy();
    });
  });
  // The apiserver gives up after the webhook's timeoutSeconds (at most 30 s); nothing legitimate takes longer.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.listen.port, options.listen.address, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setCertificate(tls) {
      server.setSecureContext({ key: tls.privateKeyPem, cert: tls.certificatePem, minVersion: "TLSv1.2" });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
