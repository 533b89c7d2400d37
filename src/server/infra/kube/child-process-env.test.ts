import { describe, expect, it } from "vitest";
import { childProcessEnv } from "./child-process-env";

const platform: NodeJS.ProcessEnv = {
  NODE_ENV: "production",
  PATH: "/usr/bin",
  HOME: "/var/lib/kubebyon",
  https_proxy: "http://proxy:3128",
  SSL_CERT_FILE: "/etc/ssl/private-ca.pem",
  DATABASE_URL: "postgresql://u:p@db/kubebyon",
  KUBEBYON_AUTH_SECRET: "s",
  KUBEBYON_SMTP_PASSWORD: "p",
  HELM_CACHE_HOME: "/cache/helm",
  KUBECONFIG: "/root/.kube/config",
};

describe("childProcessEnv", () => {
  it("passes only the base allow-list and HOME", () => {
    expect(childProcessEnv({}, platform)).toEqual({ PATH: "/usr/bin", HOME: "/var/lib/kubebyon", https_proxy: "http://proxy:3128", SSL_CERT_FILE: "/etc/ssl/private-ca.pem" });
  });

  it("adds the caller's pass-through names, its own HOME and its values (which win)", () => {
    expect(childProcessEnv({ home: "/tmp/run-1", passThrough: ["HELM_CACHE_HOME", "KUBECONFIG", "NOT_SET"], set: { KUBECONFIG: "/tmp/k", KUBERC: "off" } }, platform)).toEqual({
      PATH: "/usr/bin",
      HOME: "/tmp/run-1",
      https_proxy: "http://proxy:3128",
      SSL_CERT_FILE: "/etc/ssl/private-ca.pem",
      HELM_CACHE_HOME: "/cache/helm",
      KUBECONFIG: "/tmp/k",
      KUBERC: "off",
    });
  });
});
