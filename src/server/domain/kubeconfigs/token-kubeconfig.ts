import type { KubeconfigAccess } from "./kubeconfig-credential";

export interface TokenKubeconfigInput {
  /** The cluster's public https endpoint. */
  server: string;
  /** The vCluster's CA (PEM); without it the kubeconfig trusts the system's CAs. */
  caPem: string | undefined;
  token: string;
  clusterName: string;
  access: KubeconfigAccess;
  userEmail: string;
}

/** A YAML double-quoted scalar: JSON's string syntax is a subset of it, so any value is written safely. */
const q = (value: string) => JSON.stringify(value);

/**
 * The kubeconfig a user downloads: one cluster, one token user, one context, named so that several downloads merge
 * into one file without clashing (`<cluster>-<access>`).
 */
export function renderTokenKubeconfig(input: TokenKubeconfigInput): string {
  const context = `${input.clusterName}-${input.access}`;
  const user = `${input.userEmail}@${context}`;
  const ca = input.caPem ? `    certificate-authority-data: ${q(Buffer.from(input.caPem, "utf8").toString("base64"))}\n` : "";
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    `- name: ${q(input.clusterName)}`,
    "  cluster:",
    `    server: ${q(input.server)}`,
    `${ca}users:`,
    `- name: ${q(user)}`,
    "  user:",
    `    token: ${q(input.token)}`,
    "contexts:",
    `- name: ${q(context)}`,
    "  context:",
    `    cluster: ${q(input.clusterName)}`,
    `    user: ${q(user)}`,
    `current-context: ${q(context)}`,
    "",
  ].join("\n");
}
