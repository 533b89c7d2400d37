import https from "node:https";

export interface TlsClientIdentity {
  caPem: string;
  certPem: string;
  keyPem: string;
}

export interface HttpResult {
  status: number;
  body: string;
}

/** A raw GET with a client certificate, for probes that run before a KubeConfig is useful. */
export function tlsGet(url: string, identity: TlsClientIdentity, timeoutMs = 2_000): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      url,
      { ca: identity.caPem, cert: identity.certPem, key: identity.keyPem, timeout: timeoutMs, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}
