import { createHash } from "node:crypto";
import type { AdmissionInterception } from "./admission-policy";

/**
 * The ValidatingWebhookConfiguration the platform keeps in each vCluster (docs/admission-webhook.md): pure, so the
 * sync pass, its tests and the hash that decides "re-apply or not" all see the same object.
 */

/** Cluster-scoped, one per vCluster; the name users see with `kubectl get validatingwebhookconfigurations`. */
export const ADMISSION_WEBHOOK_CONFIGURATION_NAME = "kubebyon-policy";
/** Carries the hash of what the platform applied, so a pass can tell its own object, unchanged, from a missing or foreign one. */
export const ADMISSION_WEBHOOK_HASH_ANNOTATION = "kubebyon.io/configuration-hash";
export const NODES_WEBHOOK_NAME = "nodes.policy.kubebyon.io";
export const PODS_WEBHOOK_NAME = "pods.policy.kubebyon.io";
/** Never sent to the webhook: a policy that blocked these could stop the cluster's own system pods. */
export const EXEMPT_NAMESPACES = ["kube-system", "kube-public", "kube-node-lease"] as const;

/** Where the vCluster's apiserver calls the platform, and the CA bundle it trusts the platform's certificate with. */
export interface AdmissionEndpoint {
  nodesUrl: string;
  podsUrl: string;
  /** PEM (one or more certificates: during a CA rotation both CAs). */
  caBundlePem: string;
}

export interface AdmissionWebhookSettings {
  failurePolicy: "Fail" | "Ignore";
  /** 1-30 (the Kubernetes limit). */
  timeoutSeconds: number;
}

interface LabelSelectorRequirement {
  key: string;
  operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
  values?: string[];
}

export interface ValidatingWebhook {
  name: string;
  clientConfig: { url: string; caBundle: string };
  rules: Array<{ apiGroups: string[]; apiVersions: string[]; operations: string[]; resources: string[]; scope: "Cluster" | "Namespaced" }>;
  failurePolicy: "Fail" | "Ignore";
  matchPolicy: "Equivalent";
  sideEffects: "None";
  timeoutSeconds: number;
  admissionReviewVersions: string[];
  namespaceSelector?: { matchExpressions: LabelSelectorRequirement[] };
}

export interface ValidatingWebhookConfigurationManifest {
  apiVersion: "admissionregistration.k8s.io/v1";
  kind: "ValidatingWebhookConfiguration";
  metadata: { name: string; labels: Record<string, string>; annotations: Record<string, string> };
  webhooks: ValidatingWebhook[];
}

export interface DesiredAdmissionWebhookConfiguration {
  manifest: ValidatingWebhookConfigurationManifest;
  /** sha256 over everything the platform sets; stored as the cluster's admission_webhook_applied_hash. */
  hash: string;
}

/** JSON with object keys sorted, so the hash depends on the content only, never on the order fields were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function webhook(name: string, url: string, caBundle: string, settings: AdmissionWebhookSettings, rule: ValidatingWebhook["rules"][number]): ValidatingWebhook {
  return {
    name,
    clientConfig: { url, caBundle },
    rules: [rule],
    failurePolicy: settings.failurePolicy,
    // Equivalent: a Pod or Node created through another API version is still checked.
    matchPolicy: "Equivalent",
    sideEffects: "None",
    timeoutSeconds: settings.timeoutSeconds,
    admissionReviewVersions: ["v1"],
  };
}

/**
 * The configuration for one vCluster: the nodes webhook when the plan limits nodes, the pods webhook when it limits or
 * restricts pods (interceptionOf). Null when nothing is intercepted: the configuration is then deleted, not applied
 * empty (an object without webhooks would only confuse users who list them).
 */
export function admissionWebhookConfiguration(
  interception: AdmissionInterception,
  endpoint: AdmissionEndpoint,
  settings: AdmissionWebhookSettings,
): DesiredAdmissionWebhookConfiguration | null {
  if (!interception.nodes && !interception.pods) return null;
  const caBundle = Buffer.from(endpoint.caBundlePem, "utf8").toString("base64");
  const webhooks: ValidatingWebhook[] = [];
  if (interception.nodes) {
    webhooks.push(webhook(NODES_WEBHOOK_NAME, endpoint.nodesUrl, caBundle, settings, { apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["nodes"], scope: "Cluster" }));
  }
  if (interception.pods) {
    webhooks.push({
      ...webhook(PODS_WEBHOOK_NAME, endpoint.podsUrl, caBundle, settings, { apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"], scope: "Namespaced" }),
      // kubernetes.io/metadata.name is set by the apiserver on every namespace, so users cannot opt a namespace out by relabelling it.
      namespaceSelector: { matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "NotIn", values: [...EXEMPT_NAMESPACES] }] },
    });
  }
  const body = {
    apiVersion: "admissionregistration.k8s.io/v1" as const,
    kind: "ValidatingWebhookConfiguration" as const,
    metadata: { name: ADMISSION_WEBHOOK_CONFIGURATION_NAME, labels: { "app.kubernetes.io/managed-by": "kubebyon" } },
    webhooks,
  };
  const hash = createHash("sha256").update(canonicalJson(body)).digest("hex");
  return { manifest: { ...body, metadata: { ...body.metadata, annotations: { [ADMISSION_WEBHOOK_HASH_ANNOTATION]: hash } } }, hash };
}
