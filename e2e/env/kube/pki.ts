import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
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

async function issue(dir: string, ca: PemFiles, spec: LeafSpec): Promise<PemFiles> {
  const certFile = path.join(dir, `${spec.name}.crt`);
  const keyFile = path.join(dir, `${spec.name}.key`);
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

/**
 * A fresh CA per apiserver, a serving certificate for loopback and an admin
 * client certificate in system:masters (which bypasses RBAC, like kubeadm's admin.conf).
 */
export async function createClusterPki(dir: string, clusterName: string): Promise<ClusterPki> {
  const ca = await createCa(dir, `${clusterName}-ca`);
  const [serving, admin, serviceAccount] = await Promise.all([
    issue(dir, ca, {
      name: "apiserver",
      subject: "/CN=kube-apiserver",
      usage: "serverAuth",
      sans: ["IP:127.0.0.1", "DNS:localhost", "DNS:kubernetes", "DNS:kubernetes.default", "DNS:kubernetes.default.svc", "IP:10.96.0.1"],
    }),
    issue(dir, ca, { name: "admin", subject: "/O=system:masters/CN=kubebyon-admin", usage: "clientAuth" }),
    createServiceAccountKeys(dir),
  ]);
  return { ca, serving, admin, serviceAccount };
}
