import { X509Certificate, createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { X509CertificateMinter } from "./x509-certificate-minter";

const minter = new X509CertificateMinter();
const now = new Date("2026-06-01T00:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe("X509CertificateMinter", () => {
  it("makes a self-signed ECDSA P-256 CA that may sign leaf certificates only", async () => {
    const ca = await minter.createAuthority({ commonName: "kubebyon admission CA test", notBefore: now, notAfter: inDays(5 * 365) });
    const x = new X509Certificate(ca.certificatePem);
    expect(x.ca).toBe(true);
    expect(x.subject).toBe("CN=kubebyon admission CA test");
    expect(x.issuer).toBe(x.subject);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyDetails).toMatchObject({ namedCurve: "prime256v1" });
    expect(new Date(x.validFrom).getTime()).toBe(now.getTime());
    expect(ca.notAfter).toEqual(inDays(5 * 365));
    expect(createPrivateKey(ca.privateKeyPem).asymmetricKeyType).toBe("ec");
  });

  it("issues a server certificate for DNS names and IP addresses, signed by the CA, with its own key", async () => {
    const ca = await minter.createAuthority({ commonName: "ca", notBefore: now, notAfter: inDays(365) });
    const leaf = await minter.issueServingCertificate({ authority: ca, hosts: ["hook.kubebyon.svc", "10.0.0.7", "fd00::7"], notBefore: now, notAfter: inDays(30) });
    const x = new X509Certificate(leaf.certificatePem);
    const authority = new X509Certificate(ca.certificatePem);
    expect(x.ca).toBe(false);
    expect(x.checkIssued(authority)).toBe(true);
    expect(x.verify(authority.publicKey)).toBe(true);
    expect(x.checkHost("hook.kubebyon.svc")).toBe("hook.kubebyon.svc");
    expect(x.checkIP("10.0.0.7")).toBe("10.0.0.7");
    expect(x.checkIP("fd00::7")).toBe("fd00::7");
    expect(x.checkHost("other.svc")).toBeUndefined();
    expect(x.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    expect(x.checkPrivateKey(createPrivateKey(leaf.privateKeyPem))).toBe(true);
    expect(x.checkPrivateKey(createPrivateKey(ca.privateKeyPem))).toBe(false);
    expect(x.serialNumber).not.toBe(authority.serialNumber);
  });
});
