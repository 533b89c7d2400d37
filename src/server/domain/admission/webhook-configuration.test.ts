import { describe, expect, it } from "vitest";
import { admissionWebhookConfiguration, ADMISSION_WEBHOOK_HASH_ANNOTATION, NODES_WEBHOOK_NAME, PODS_WEBHOOK_NAME, type AdmissionEndpoint } from "./webhook-configuration";

const endpoint: AdmissionEndpoint = {
  nodesUrl: "https://kubebyon-admission.kubebyon.svc:443/admission/cl_1/nodes",
  podsUrl: "https://kubebyon-admission.kubebyon.svc:443/admission/cl_1/pods",
  caBundlePem: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
};
const settings = { failurePolicy: "Fail", timeoutSeconds: 5 } as const;
const both = { nodes: true, pods: true };

describe("admissionWebhookConfiguration", () => {
  it("has both webhooks when nodes and pods are intercepted, with the settings, the URLs and the CA bundle in base64", () => {
    const desired = admissionWebhookConfiguration(both, endpoint, settings);
    expect(desired).not.toBeNull();
    const { manifest } = desired!;
    expect(manifest.apiVersion).toBe("admissionregistration.k8s.io/v1");
    expect(manifest.kind).toBe("ValidatingWebhookConfiguration");
    expect(manifest.metadata.name).toBe("kubebyon-policy");
    expect(manifest.metadata.labels).toEqual({ "app.kubernetes.io/managed-by": "kubebyon" });
    expect(manifest.webhooks.map((w) => w.name)).toEqual([NODES_WEBHOOK_NAME, PODS_WEBHOOK_NAME]);
    const [nodes, pods] = manifest.webhooks;
    expect(nodes?.clientConfig).toEqual({ url: endpoint.nodesUrl, caBundle: Buffer.from(endpoint.caBundlePem).toString("base64") });
    expect(nodes?.rules).toEqual([{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["nodes"], scope: "Cluster" }]);
    expect(nodes?.namespaceSelector).toBeUndefined();
    expect(pods?.clientConfig.url).toBe(endpoint.podsUrl);
    expect(pods?.rules).toEqual([{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"], scope: "Namespaced" }]);
    for (const w of manifest.webhooks) {
      expect(w).toMatchObject({ failurePolicy: "Fail", timeoutSeconds: 5, sideEffects: "None", matchPolicy: "Equivalent", admissionReviewVersions: ["v1"] });
    }
  });

  it("excludes the system namespaces from the pods webhook by their immutable name label", () => {
    const pods = admissionWebhookConfiguration({ nodes: false, pods: true }, endpoint, settings)!.manifest.webhooks[0];
    expect(pods?.name).toBe(PODS_WEBHOOK_NAME);
    expect(pods?.namespaceSelector).toEqual({
      matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "NotIn", values: ["kube-system", "kube-public", "kube-node-lease"] }],
    });
  });

  it("has only the nodes webhook when only nodes are limited", () => {
    const desired = admissionWebhookConfiguration({ nodes: true, pods: false }, endpoint, settings);
    expect(desired?.manifest.webhooks.map((w) => w.name)).toEqual([NODES_WEBHOOK_NAME]);
  });

  it("is null when nothing is intercepted (the configuration is deleted, not applied empty)", () => {
    expect(admissionWebhookConfiguration({ nodes: false, pods: false }, endpoint, settings)).toBeNull();
  });

  it("hashes the content: the same input gives the same hash, carried as an annotation", () => {
    const a = admissionWebhookConfiguration(both, endpoint, settings)!;
    const b = admissionWebhookConfiguration({ pods: true, nodes: true }, { ...endpoint }, { timeoutSeconds: 5, failurePolicy: "Fail" })!;
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.hash).toBe(a.hash);
    expect(a.manifest.metadata.annotations).toEqual({ [ADMISSION_WEBHOOK_HASH_ANNOTATION]: a.hash });
  });

  it("changes the hash with the URL, the CA bundle, the failure policy, the timeout and the interception", () => {
    const base = admissionWebhookConfiguration(both, endpoint, settings)!.hash;
    const variants = [
      admissionWebhookConfiguration(both, { ...endpoint, nodesUrl: "https://other.example:443/admission/cl_1/nodes" }, settings),
      admissionWebhookConfiguration(both, { ...endpoint, podsUrl: "https://other.example:443/admission/cl_1/pods" }, settings),
      admissionWebhookConfiguration(both, { ...endpoint, caBundlePem: `${endpoint.caBundlePem}${endpoint.caBundlePem}` }, settings),
      admissionWebhookConfiguration(both, endpoint, { ...settings, failurePolicy: "Ignore" }),
      admissionWebhookConfiguration(both, endpoint, { ...settings, timeoutSeconds: 10 }),
      admissionWebhookConfiguration({ nodes: true, pods: false }, endpoint, settings),
      admissionWebhookConfiguration({ nodes: false, pods: true }, endpoint, settings),
    ].map((d) => d!.hash);
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });
});
