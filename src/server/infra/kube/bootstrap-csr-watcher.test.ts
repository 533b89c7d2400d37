import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import type { V1CertificateSigningRequest } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";
import { toBootstrapCsr } from "./bootstrap-csr-watcher";
import { toBase64 } from "./kube-calls";

x509.cryptoProvider.set(globalThis.crypto);

/** A PKCS#10 request as a kubelet makes it (ECDSA P-256), PEM. */
async function certificateRequestPem(subject: string): Promise<string> {
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await globalThis.crypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  const request = await x509.Pkcs10CertificateRequestGenerator.create({ name: subject, keys, signingAlgorithm: algorithm });
  return request.toString("pem");
}

function csr(spec: { username?: string; signerName?: string; requestPem: string }): V1CertificateSigningRequest {
  return {
    metadata: { name: "csr-abc12" },
    spec: { username: spec.username, signerName: spec.signerName ?? "kubernetes.io/kube-apiserver-client-kubelet", request: toBase64(spec.requestPem), usages: ["client auth"] },
  };
}

describe("toBootstrapCsr", () => {
  let kubeletRequest: string;
  beforeAll(async () => {
    kubeletRequest = await certificateRequestPem("CN=system:node:worker-7.example, O=system:nodes");
  });

  it("reads the token id from the maker and the node name from the request's subject", () => {
    expect(toBootstrapCsr(csr({ username: "system:bootstrap:a1b2c3", requestPem: kubeletRequest }))).toEqual({
      name: "csr-abc12",
      tokenId: "a1b2c3",
      nodeName: "worker-7.example",
    });
  });

  it("ignores CSRs not made with a bootstrap token", () => {
    expect(toBootstrapCsr(csr({ username: "kubebyon-admin", requestPem: kubeletRequest }))).toBeNull();
    // A joined node renewing its certificate makes the CSR as itself.
    expect(toBootstrapCsr(csr({ username: "system:node:worker-7.example", requestPem: kubeletRequest }))).toBeNull();
    expect(toBootstrapCsr(csr({ requestPem: kubeletRequest }))).toBeNull();
    expect(toBootstrapCsr(csr({ username: "system:bootstrap:NOT-AN-ID", requestPem: kubeletRequest }))).toBeNull();
  });

  it("ignores other signers, other subjects and requests that do not parse", async () => {
    const bootstrapper = "system:bootstrap:a1b2c3";
    expect(toBootstrapCsr(csr({ username: bootstrapper, signerName: "kubernetes.io/kubelet-serving", requestPem: kubeletRequest }))).toBeNull();
    expect(toBootstrapCsr(csr({ username: bootstrapper, requestPem: await certificateRequestPem("CN=system:admin, O=system:masters") }))).toBeNull();
    expect(toBootstrapCsr(csr({ username: bootstrapper, requestPem: await certificateRequestPem("CN=system:node:, O=system:nodes") }))).toBeNull();
    expect(toBootstrapCsr(csr({ username: bootstrapper, requestPem: "-----BEGIN CERTIFICATE REQUEST-----\nbm90IGEgcmVxdWVzdA==\n-----END CERTIFICATE REQUEST-----\n" }))).toBeNull();
  });
});
