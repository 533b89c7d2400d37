import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { ApiException, CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOptions, decodeSecretValue, fromBase64, KubeApiError, kubeStatusOf, parseKubeStatus, pause, toBase64 } from "./kube-calls";

const alreadyExists = {
  kind: "Status",
  apiVersion: "v1",
  status: "Failure",
  message: 'secrets "bootstrap-token-abcdef" already exists',
  reason: "AlreadyExists",
  code: 409,
};

// client-node hands the failed response's body over as text, and throws a bare ApiException for a 401.
const conflict = new ApiException(409, "Unknown API Status Code!", JSON.stringify(alreadyExists), {});
const unauthorized = new ApiException<undefined>(401, "Unauthorized", undefined, {});
// What Watch reports when the server refuses the watch request.
const refusedWatch = Object.assign(new Error("Forbidden"), { statusCode: 403 });
const watchGone = { type: "ERROR", object: { kind: "Status", apiVersion: "v1", status: "Failure", message: "too old resource version: 1 (42)", reason: "Expired", code: 410 } };

/** A real client-node call against a local HTTP server, so failures are what client-node itself throws. */
function listNodesAt(server: string, limits: Parameters<typeof callOptions>[0] = {}) {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    // client-node refuses plain HTTP unless TLS verification is off.
    clusters: [{ name: "local", server, skipTLSVerify: true }],
    users: [{ name: "nobody" }],
    contexts: [{ name: "local", cluster: "local", user: "nobody" }],
    currentContext: "local",
  });
  return kc.makeApiClient(CoreV1Api).listNode({}, callOptions(limits));
}

const failureOf = (call: Promise<unknown>) => call.then(() => expect.unreachable("the call should have failed"), (err: unknown) => err);

describe("parseKubeStatus", () => {
  it("reads code, reason and message from a Status body given as JSON text or as an object", () => {
    const expected = { code: 409, reason: "AlreadyExists", message: 'secrets "bootstrap-token-abcdef" already exists' };
    expect(parseKubeStatus(JSON.stringify(alreadyExists))).toEqual(expected);
    expect(parseKubeStatus(alreadyExists)).toEqual(expected);
  });

  it("returns nothing it cannot trust: not JSON, not an object, or fields of the wrong type", () => {
    expect(parseKubeStatus("<html>502 Bad Gateway</html>")).toEqual({});
    expect(parseKubeStatus(undefined)).toEqual({});
    expect(parseKubeStatus("42")).toEqual({});
    expect(parseKubeStatus({ code: "409", reason: 7, message: "" })).toEqual({ code: undefined, reason: undefined, message: undefined });
  });
});

describe("kubeStatusOf", () => {
  it("finds the HTTP status however client-node reports it", () => {
    expect(kubeStatusOf(conflict)).toBe(409);
    expect(kubeStatusOf(unauthorized)).toBe(401);
    expect(kubeStatusOf(refusedWatch)).toBe(403);
    expect(kubeStatusOf(watchGone.object)).toBe(410);
    expect(kubeStatusOf(KubeApiError.from(conflict))).toBe(409);
  });

  it("has none when no answer came", () => {
    expect(kubeStatusOf(Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:443"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(kubeStatusOf(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBeUndefined();
    expect(kubeStatusOf("boom")).toBeUndefined();
  });
});

describe("KubeApiError.from", () => {
  it("carries the API's status, reason and message, with the action in front of the message", () => {
    const err = KubeApiError.from(conflict, "creating bootstrap token abcdef");
    expect(err).toBeInstanceOf(KubeApiError);
    expect(err).toMatchObject({ status: 409, reason: "AlreadyExists", refusedCredentials: false });
    expect(err.explanation).toBe('secrets "bootstrap-token-abcdef" already exists (HTTP 409)');
    expect(err.message).toBe('creating bootstrap token abcdef failed: secrets "bootstrap-token-abcdef" already exists (HTTP 409)');
    expect(err.cause).toBe(conflict);
  });

  it("names the status when the answer had no Status message, as for a 401 or a refused watch", () => {
    expect(KubeApiError.from(unauthorized)).toMatchObject({ status: 401, reason: undefined, explanation: "Unauthorized (HTTP 401)", refusedCredentials: true });
    expect(KubeApiError.from(refusedWatch, "Node watch connection to https://10.0.0.1:443")).toMatchObject({
      status: 403,
      message: "Node watch connection to https://10.0.0.1:443 failed: Forbidden (HTTP 403)",
      refusedCredentials: true,
    });
  });

  it("reads a Status object delivered as a watch ERROR event", () => {
    expect(KubeApiError.from(watchGone.object)).toMatchObject({ status: 410, reason: "Expired", explanation: "too old resource version: 1 (42) (HTTP 410)" });
    expect(KubeApiError.from({}).explanation).toBe("unknown error");
  });

  it("explains a failure without answer by its network code, keeping the address out; `detail` keeps the network's words", () => {
    // node-fetch (client-node 1.x) puts the code on its own error; undici (fetch) on the system error in `cause`.
    const nodeFetch = Object.assign(new Error("request to https://10.0.0.1/version failed, reason: connect ECONNREFUSED 10.0.0.1:443"), { code: "ECONNREFUSED" });
    const undici = new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND vc.example.com"), { code: "ENOTFOUND" }) });
    expect(KubeApiError.from(nodeFetch)).toMatchObject({ status: undefined, explanation: "ECONNREFUSED", detail: nodeFetch.message });
    expect(KubeApiError.from(undici)).toMatchObject({ status: undefined, explanation: "ENOTFOUND", detail: "getaddrinfo ENOTFOUND vc.example.com" });
    const tls = Object.assign(new Error("request to https://10.0.0.1/ failed, reason: self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" });
    expect(KubeApiError.from(tls).detail).toBe(`DEPTH_ZERO_SELF_SIGNED_CERT ${tls.message}`);
  });

  it("says a timed-out or cancelled call timed out or was cancelled", () => {
    for (const name of ["AbortError", "TimeoutError"]) {
      expect(KubeApiError.from(new DOMException("aborted", name)).explanation).toBe("the request timed out or was cancelled");
    }
  });

  it("keeps any other error's own message", () => {
    expect(KubeApiError.from(new Error("no data and no close; treating the connection as dead")).explanation).toBe("no data and no close; treating the connection as dead");
    expect(KubeApiError.from("boom").explanation).toBe("boom");
  });

  it("returns a KubeApiError as it is, or with a new action in front and the same cause", () => {
    const first = KubeApiError.from(conflict);
    expect(KubeApiError.from(first)).toBe(first);
    const again = KubeApiError.from(first, "copying Secret x");
    expect(again).toMatchObject({ status: 409, reason: "AlreadyExists", message: `copying Secret x failed: ${first.explanation}` });
    expect(again.cause).toBe(conflict);
  });

  it("tells a job whether to retry: conflicts and no answer retry, a refusal does not", () => {
    expect(KubeApiError.from(conflict).failureClass).toBe("transient");
    expect(KubeApiError.from(unauthorized).failureClass).toBe("permanent");
    expect(KubeApiError.from(refusedWatch).failureClass).toBe("permanent");
    expect(KubeApiError.from(Object.assign(new Error("fetch failed"), { cause: { code: "ECONNREFUSED" } })).failureClass).toBe("transient");
  });
});

describe("client-node calls with callOptions against a local HTTP server", () => {
  const sockets = new Set<Socket>();
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    // /api/v1/nodes answers a Status like an API server would; anything else never answers.
    server = http.createServer((req, res) => {
      if (req.url?.startsWith("/api/v1/nodes")) {
        res.writeHead(409, { "content-type": "application/json" }).end(JSON.stringify(alreadyExists));
      }
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it("lets client-node's own ApiException through for KubeApiError to read", async () => {
    const err = await failureOf(listNodesAt(url, { timeoutMs: 5_000 }));
    expect(err).toBeInstanceOf(ApiException);
    expect(KubeApiError.from(err)).toMatchObject({ status: 409, reason: "AlreadyExists" });
  });

  it("reads client-node's own connection failure as a network code", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failureOf(listNodesAt(`http://127.0.0.1:${port}`, { timeoutMs: 5_000 }));
    expect(KubeApiError.from(err)).toMatchObject({ status: undefined, explanation: "ECONNREFUSED", detail: expect.stringContaining(`127.0.0.1:${port}`) });
  });

  it("gives up when the timeout passes", async () => {
    const started = Date.now();
    const err = await failureOf(listNodesAt(`${url}/silent`, { timeoutMs: 100 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(KubeApiError.from(err)).toMatchObject({ status: undefined, explanation: "the request timed out or was cancelled" });
  });

  it("gives up when the caller's signal aborts, with or without a timeout", async () => {
    for (const limits of [{}, { timeoutMs: 60_000 }]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const err = await failureOf(listNodesAt(`${url}/silent`, { ...limits, signal: controller.signal }));
      expect(KubeApiError.from(err).explanation).toBe("the request timed out or was cancelled");
    }
  });
});

describe("base64 and Secret data", () => {
  it("decodes a Secret's data value to text, and leaves a missing or empty one undefined", () => {
    const secret = { data: { config: toBase64("apiVersion: v1\nkind: Config\n"), note: toBase64("grüße ✓"), empty: "" } };
    expect(decodeSecretValue(secret, "config")).toBe("apiVersion: v1\nkind: Config\n");
    expect(decodeSecretValue(secret, "note")).toBe("grüße ✓");
    expect(decodeSecretValue(secret, "empty")).toBeUndefined();
    expect(decodeSecretValue(secret, "absent")).toBeUndefined();
    expect(decodeSecretValue({}, "config")).toBeUndefined();
  });

  it("encodes the way kubeconfigs embed PEMs", () => {
    expect(toBase64("-----BEGIN CERTIFICATE-----\n")).toBe("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==");
    expect(fromBase64("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==")).toBe("-----BEGIN CERTIFICATE-----\n");
    expect(fromBase64(undefined)).toBeUndefined();
  });
});

describe("pause", () => {
  it("resolves after the given time", async () => {
    const started = Date.now();
    await pause(60);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("resolves at once when the signal aborts meanwhile or had already aborted", async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await pause(60_000, controller.signal);
    await pause(60_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
