import { stringify } from "yaml";

export interface KubeconfigSpec {
  name: string;
  server: string;
  caPem: string;
  certPem: string;
  keyPem: string;
}

const b64 = (pem: string): string => Buffer.from(pem, "utf8").toString("base64");

/** A self-contained kubeconfig (data embedded) so helm, kubectl and client-node all accept it. */
export function kubeconfigYaml(spec: KubeconfigSpec): string {
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: spec.name, cluster: { server: spec.server, "certificate-authority-data": b64(spec.caPem) } }],
    users: [{ name: spec.name, user: { "client-certificate-data": b64(spec.certPem), "client-key-data": b64(spec.keyPem) } }],
    contexts: [{ name: spec.name, context: { cluster: spec.name, user: spec.name } }],
    "current-context": spec.name,
    preferences: {},
  });
}
