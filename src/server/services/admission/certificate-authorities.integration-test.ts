import { X509Certificate } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { AUTHORITY_PROPAGATION_MS, AUTHORITY_VALIDITY_MS } from "@/server/domain/admission/certificate-schedule";
import { AesGcmSecretBox } from "@/server/infra/crypto/secret-box";
import { X509CertificateMinter } from "@/server/infra/crypto/x509-certificate-minter";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import type { AdmissionEndpointDeps } from "./admission-deps";
import { resolveAdmissionEndpoint } from "./admission-endpoint";
import { ensureCertificateAuthorities } from "./certificate-authorities";
import { renewServingCertificate } from "./serving-certificate";

/**
 * The platform CA on real PostgreSQL with the real minter and secret box: two processes racing on a fresh database
 * store one CA; a rotation keeps the old CA in the bundle (and signing) until the new one has propagated, and
 * retires it when it expires.
 */
const SECRET = "ca-test-secret-0123456789abcdef-0123456789";
let database: TestDatabase;
const clients: Db[] = [];
const start = new Date("2027-03-01T00:00:00Z");
let clock = start;

function deps(db: Db, secret = SECRET): AdmissionEndpointDeps {
  return {
    db,
    now: () => clock,
    minter: new X509CertificateMinter(),
    secretBox: new AesGcmSecretBox(secret, "admission CA private key"),
    authSecret: secret,
    webhookUrl: "https://kubebyon-admission.kubebyon.svc:9443",
  };
}

const pems = (bundle: string) => bundle.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g) ?? [];

beforeAll(async () => {
  database = await createTestDatabase("admission_ca");
  clients.push(createPrismaClient(database.url), createPrismaClient(database.url));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
  await database?.drop();
});

describe("platform admission CA", () => {
  it("is created once when two processes ask at the same time on a fresh database", async () => {
    const [a, b] = await Promise.all(clients.map((db) => ensureCertificateAuthorities(deps(db))));
    expect(a?.map((c) => c.id)).toEqual(b?.map((c) => c.id));
    const rows = await clients[0]!.admissionCertificateAuthority.findMany();
    expect(rows).toHaveLength(1);
    const ca = new X509Certificate(rows[0]!.certificatePem);
    expect(ca.ca).toBe(true);
    expect(rows[0]!.notAfter.getTime() - rows[0]!.notBefore.getTime()).toBe(AUTHORITY_VALIDITY_MS);
    // The key is sealed: not readable from the row, and not openable under another secret.
    expect(rows[0]!.encryptedPrivateKey).not.toContain("PRIVATE KEY");
    expect(() => new AesGcmSecretBox("another-secret-0123456789abcdef-012345", "admission CA private key").open(rows[0]!.encryptedPrivateKey)).toThrow(/could not be opened/);
  });

  it("issues serving certificates for the URL's host from it", async () => {
    const cert = await renewServingCertificate(deps(clients[0]!), "https://kubebyon-admission.kubebyon.svc:9443", null);
    const x = new X509Certificate(cert!.certificatePem);
    expect(x.checkHost("kubebyon-admission.kubebyon.svc")).toBe("kubebyon-admission.kubebyon.svc");
    expect(x.checkHost("other.example")).toBeUndefined();
    const [ca] = await ensureCertificateAuthorities(deps(clients[0]!));
    expect(x.verify(new X509Certificate(ca!.certificatePem).publicKey)).toBe(true);
    expect(await renewServingCertificate(deps(clients[0]!), "https://kubebyon-admission.kubebyon.svc:9443", cert)).toBeNull();
    const ip = await renewServingCertificate(deps(clients[0]!), "https://[fd00::10]:9443", null);
    expect(new X509Certificate(ip!.certificatePem).checkIP("fd00::10")).toBe("fd00::10");
  });

  it("rotates with less than a fifth of the validity left, keeping the old CA in the bundle and signing until the new one propagated", async () => {
    const [old] = await ensureCertificateAuthorities(deps(clients[0]!));
    const before = await renewServingCertificate(deps(clients[0]!), "https://hook.example:9443", null);

    clock = new Date(start.getTime() + AUTHORITY_VALIDITY_MS * 0.85);
    const [a, b] = await Promise.all(clients.map((db) => resolveAdmissionEndpoint(deps(db), "cl_any")));
    expect(a?.caBundlePem).toBe(b?.caBundlePem);
    const bundle = pems(a!.caBundlePem);
    expect(bundle).toHaveLength(2);
    expect(bundle[1]).toBe(old!.certificatePem.endsWith("\n") ? old!.certificatePem : `${old!.certificatePem}\n`);
    expect(await clients[0]!.admissionCertificateAuthority.count()).toBe(2);

    // Fresh CA: the old one still signs (vClusters may not have the new bundle yet).
    const during = await renewServingCertificate(deps(clients[0]!), "https://hook.example:9443", null);
    expect(during?.authorityId).toBe(old!.id);
    clock = new Date(clock.getTime() + AUTHORITY_PROPAGATION_MS);
    const after = await renewServingCertificate(deps(clients[0]!), "https://hook.example:9443", during);
    expect(after?.authorityId).not.toBe(old!.id);
    expect(before?.authorityId).toBe(old!.id);

    // The old CA expires: it leaves the bundle and is marked retired.
    clock = new Date(old!.notAfter.getTime() + 1000);
    const later = await resolveAdmissionEndpoint(deps(clients[0]!), "cl_any");
    expect(pems(later.caBundlePem)).toEqual([bundle[0]]);
    expect((await clients[0]!.admissionCertificateAuthority.findUnique({ where: { id: old!.id } }))?.retiredAt).toEqual(clock);
  });
});
