import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderTokenKubeconfig } from "./token-kubeconfig";

describe("renderTokenKubeconfig", () => {
  it("writes a kubeconfig whose current context names the cluster, the CA and the token", () => {
    const yaml = renderTokenKubeconfig({ server: "https://203.0.113.7:31000", caPem: "-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n", token: "eyJ.a.b", clusterName: "demo", access: "view", userEmail: "a\"b@example.test" });
    const doc = parse(yaml) as {
      clusters: Array<{ name: string; cluster: { server: string; "certificate-authority-data": string } }>;
      users: Array<{ name: string; user: { token: string } }>;
      contexts: Array<{ name: string; context: { cluster: string; user: string } }>;
      "current-context": string;
    };
    expect(doc["current-context"]).toBe("demo-view");
    expect(doc.clusters[0]).toEqual({ name: "demo", cluster: { server: "https://203.0.113.7:31000", "certificate-authority-data": Buffer.from("-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n").toString("base64") } });
    expect(doc.users[0]).toEqual({ name: 'a"b@example.test@demo-view', user: { token: "eyJ.a.b" } });
    expect(doc.contexts[0]?.context).toEqual({ cluster: "demo", user: 'a"b@example.test@demo-view' });
  });

  it("leaves the CA out when there is none", () => {
    const yaml = renderTokenKubeconfig({ server: "https://x", caPem: undefined, token: "t", clusterName: "c", access: "admin", userEmail: "u@example.test" });
    expect(yaml).not.toContain("certificate-authority-data");
    expect((parse(yaml) as { clusters: Array<{ cluster: object }> }).clusters[0]?.cluster).toEqual({ server: "https://x" });
  });
});
