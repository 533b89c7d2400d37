import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PemFiles {
  certFile: string;
  keyFile: string;
  certPem: string;
  keyPem: string;
}

export interface ClusterPki {
  ca: PemFiles;
  serving: PemFiles;
  admin: PemFiles;
  serviceAccount: { privateKeyFile: string; publicKeyFile: string };
}

// Node.js cannot issue X.509 certificates, so the openssl CLI does it. EC P-256
// keys keep generation in the milliseconds.
const EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc", "-days", "3650"];

async function openssl(args: readonly string[]): Promise<void> {
  try {
    await run("openssl", args);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? "";
    throw new Error(`openssl ${args[0] ?? ""} failed (is the openssl CLI installed?): ${stderr || String(err)}`);
  }
}

async function readPair(certFile: string, keyFile: string): Promise<PemFiles> {
  const [certPem, keyPem] = await Promise.all([readFile(certFile, "utf8"), readFile(keyFile, "utf8")]);
  return { certFile, keyFile, certPem, keyPem };
}

async function createCa(dir: string, commonName: string): Promise<PemFiles> {
  const certFile = path.join(dir, "ca.crt");
  const keyFile = path.join(dir, "ca.key");
  await openssl([
    "req", "-x509", "-new", ...EC_KEY, "-keyout", keyFile, "-out", certFile, "-subj", `/CN=${commonName}`,
    "-addext", "basicConstraints=critical,CA:TRUE",
    "-addext", "keyUsage=critical,keyCertSign,cRLSign,digitalSignature",
  ]);
  return readPair(certFile, keyFile);
}

interface LeafSpec {
  name: string;
  subject: string;
  usage: "serverAuth" | "clientAuth";
  sans?: readonly string[];
}

async function issue(dir: string, ca: PemFiles, spec: LeafSpec, files?: { certFile: string; keyFile: string }): Promise<PemFiles> {
  const certFile = files?.certFile ?? path.join(dir, `${spec.name}.crt`);
  const keyFile = files?.keyFile ?? path.join(dir, `${spec.name}.key`);
  const sanArgs = spec.sans && spec.sans.length > 0 ? ["-addext", `subjectAltName=${spec.sans.join(",")}`] : [];
  await openssl([
    "req", "-x509", "-new", ...EC_KEY, "-keyout", keyFile, "-out", certFile, "-subj", spec.subject,
    "-CA", ca.certFile, "-CAkey", ca.keyFile,
    "-addext", "basicConstraints=critical,CA:FALSE",
    "-addext", "keyUsage=critical,digitalSignature,keyEncipherment",
    "-addext", `extendedKeyUsage=${spec.usage}`,
    ...sanArgs,
  ]);
  return readPair(certFile, keyFile);
}

async function createServiceAccountKeys(dir: string): Promise<ClusterPki["serviceAccount"]> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", {
    namedCurve: "prime256v1",
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const privateKeyFile = path.join(dir, "sa.key");
  const publicKeyFile = path.join(dir, "sa.pub");
  await Promise.all([writeFile(privateKeyFile, privateKey, { mode: 0o600 }), writeFile(publicKeyFile, publicKey)]);
  return { privateKeyFile, publicKeyFile };
}

/** "IP:…" for addresses, "DNS:…" for names, as openssl's subjectAltName wants them. */
export function sanEntry(name: string): string {
  return isIP(name) ? `IP:${name}` : `DNS:${name}`;
}

/**
 * Issues a serving certificate for `names` with the cluster's CA and moves it
 * into place (certificate, then key, each by rename): a kube-apiserver that
 * watches --tls-cert-file/--tls-private-key-file never reads a half-written file.
 */
export async function reissueServingCertificate(ca: PemFiles, serving: { certFile: string; keyFile: string }, names: readonly string[]): Promise<PemFiles> {
  const dir = path.dirname(serving.certFile);
  const tmp = { certFile: `${serving.certFile}.next`, keyFile: `${serving.keyFile}.next` };
  const next = await issue(dir, ca, { name: "apiserver-next", subject: "/CN=kube-apiserver", usage: "serverAuth", sans: names.map(sanEntry) }, tmp);
  await rename(tmp.certFile, serving.certFile);
  await rename(tmp.keyFile, serving.keyFile);
  return { ...next, certFile: serving.certFile, keyFile: serving.keyFile };
}

/**
 * A fresh CA per apiserver, a serving certificate for `servingSans` and an admin client certificate in
 * system:masters (which bypasses RBAC, like kubeadm's admin.conf).
 */
export async function createClusterPki(dir: string, clusterName: string, servingSans: readonly string[]): Promise<ClusterPki> {
  const ca = await createCa(dir, `${clusterName}-ca`);
  const [serving, admin, serviceAccount] = await Promise.all([
    issue(dir, ca, {
      name: "apiserver",
      subject: "/CN=kube-apiserver",
      usage: "serverAuth",
      sans: servingSans.map(sanEntry),
    }),
    issue(dir, ca, { name: "admin", subject: "/O=system:masters/CN=kubebyon-admin", usage: "clientAuth" }),
    createServiceAccountKeys(dir),
  ]);
  return { ca, serving, admin, serviceAccount };
}
