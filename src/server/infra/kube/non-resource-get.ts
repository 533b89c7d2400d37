import { request, type RequestOptions } from "node:https";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";

/** An HTTP failure shaped like client-node's (statusCode, body), so KubeApiError explains it the same way. */
const httpFailure = (status: number, body: string) => Object.assign(new Error(`HTTP ${status}: ${body.slice(0, 200)}`), { statusCode: status, body });

/**
 * GET of a non-resource URL of an API server (/metrics, /readyz), which client-node has no typed call for:
 * applyToHTTPSOptions gives it the same TLS and authentication as client-node's typed clients. Resolves with the
 * body of a 2xx answer; rejects with the answer (statusCode, body) otherwise, or with the network error. A body
 * over `maxBytes` is not read to the end.
 */
export async function getNonResourceUrl(credentials: ClusterCredentials, path: string, options: { signal: AbortSignal; maxBytes: number; accept?: string }): Promise<string> {
  const url = new URL(path, credentials.server);
  const requestOptions: RequestOptions = { method: "GET", headers: { Accept: options.accept ?? "text/plain" } };
  await kubeConfigFromCredentials(credentials).applyToHTTPSOptions(requestOptions);
  return new Promise<string>((resolve, reject) => {
    const req = request(url, { ...requestOptions, signal: options.signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          req.destroy(new Error(`the ${url.pathname} answer exceeds ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(body);
        else reject(httpFailure(status, body));
      });
    });
    req.on("error", reject);
    req.end();
  });
}
