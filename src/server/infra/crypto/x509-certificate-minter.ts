// @peculiar/x509 resolves its ASN.1 serializers through tsyringe, which needs the Reflect metadata API.
import "reflect-metadata";
import { isIP } from "node:net";
import { randomBytes } from "node:crypto";
import * as x509 from "@peculiar/x509";
import type { CertificateMinter, IssuedCertificate } from "@/server/services/admission/ports";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
// Node's global WebCrypto (the same object as node:crypto's webcrypto, typed as the DOM's Crypto that x509 expects).
const subtle = globalThis.crypto.subtle;

x509.cryptoProvider.set(globalThis.crypto);

/** A random positive 128-bit serial (RFC 5280: unique per CA, at most 20 octets). */
const serialNumber = () => {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString("hex");
};

async function keyPair(): Promise<CryptoKeyPair> {
  return (await subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await subtle.exportKey("pkcs8", key), "PRIVATE KEY");
}

async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem);
  return subtle.importKey("pkcs8", der, ALGORITHM, false, ["sign"]);
}

function issued(cert: x509.X509Certificate, keyPem: string): IssuedCertificate {
  return { certificatePem: cert.toString("pem"), privateKeyPem: keyPem, notBefore: cert.notBefore, notAfter: cert.notAfter };
}

/** ECDSA P-256 CA and serving certificates with WebCrypto (docs/admission-webhook.md "CA and rotation"). */
export class X509CertificateMinter implements CertificateMinter {
  async createAuthority(input: { commonName: string; notBefore: Date; notAfter: Date }): Promise<IssuedCertificate> {
    const keys = await keyPair();
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serialNumber(),
      name: [{ CN: [input.commonName] }],
      notBefore: input.notBefore,
      notAfter: input.notAfter,
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        // pathLen 0: it signs only leaf certificates.
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return issued(cert, await privateKeyPem(keys.privateKey));
  }

  async issueServingCertificate(input: {
    authority: { certificatePem: string; privateKeyPem: string };
    hosts: string[];
    notBefore: Date;
    notAfter: Date;
  }): Promise<IssuedCertificate> {
    const authority = new x509.X509Certificate(input.authority.certificatePem);
    const signingKey = await importPrivateKey(input.authority.privateKeyPem);
    const keys = await keyPair();
    const names = input.hosts.map((host) => (isIP(host) ? { type: "ip" as const, value: host } : { type: "dns" as const, value: host }));
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serialNumber(),
      subject: [{ CN: [input.hosts[0] ?? "kubebyon-admission"] }],
      issuer: authority.subjectName,
      notBefore: input.notBefore,
      notAfter: input.notAfter,
      publicKey: keys.publicKey,
      signingKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
        new x509.SubjectAlternativeNameExtension(names, false),
        await x509.AuthorityKeyIdentifierExtension.create(authority, false),
      ],
    });
    return issued(cert, await privateKeyPem(keys.privateKey));
  }
}
