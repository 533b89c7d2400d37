import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { renderJoinWrapper, shQuote } from "./join-wrapper-script";

const nasty = `a'b"c$HOME\`id\`\n; touch /tmp/pwned-$$ '\\'\n$(echo x)`;

const input = {
  platformUrl: "https://console.example.test",
  clusterId: "cl_abc",
  sessionId: "js_abc",
  sessionSecret: "f".repeat(64),
  token: "abcdef.0123456789abcdef",
  controlPlaneEndpoint: "https://k8s.example.test:6443",
  clusterCaPem: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
};

/** The wrapper's assignments evaluated by a real shell, then the named variable printed. */
function evaluated(shell: string, script: string, name: string): string {
  const assignments = script.slice(0, script.indexOf("\nsay()"));
  const run = spawnSync(shell, ["-c", `${assignments}\nprintf '%s' "$${name}"`], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("join wrapper generator", () => {
  it("single-quotes every value so quotes, newlines and $ stay literal in dash and bash", () => {
    expect(shQuote("it's")).toBe(`'it'\\''s'`);
    const script = renderJoinWrapper({ ...input, clusterId: nasty, clusterCaPem: nasty, controlPlaneEndpoint: nasty });
    for (const shell of ["dash", "bash"]) {
      expect(evaluated(shell, script, "CLUSTER_ID")).toBe(nasty);
      expect(evaluated(shell, script, "CP_ENDPOINT")).toBe(nasty);
      expect(evaluated(shell, script, "CLUSTER_CA")).toBe(nasty.trim());
    }
  });

  it("embeds the session, the token, the endpoint and the CA, and never echoes the secret", () => {
    const script = renderJoinWrapper(input);
    expect(evaluated("dash", script, "SESSION_ID")).toBe("js_abc");
    expect(evaluated("dash", script, "JOIN_TOKEN")).toBe(input.token);
    expect(evaluated("dash", script, "CLUSTER_CA")).toBe(input.clusterCaPem.trim());
    expect(evaluated("dash", script, "SUPPORTED_OS")).toMatch(/Ubuntu 22\.04\/24\.04, RHEL 8\/9\/10, CentOS Stream 9, Rocky Linux 9\/10/);
    const uses = script.split("\n").filter((line) => line.includes("$SESSION_SECRET"));
    expect(uses).toEqual([`  printf 'header = "Authorization: Bearer %s"\\n' "$SESSION_SECRET" >"$WORKDIR/auth"`]);
  });

  it("leaves the endpoint empty when the cluster has none, and parses in dash and bash", () => {
    const script = renderJoinWrapper({ ...input, controlPlaneEndpoint: null });
    expect(evaluated("bash", script, "CP_ENDPOINT")).toBe("");
    for (const shell of ["dash", "bash"]) expect(spawnSync(shell, ["-n"], { input: script }).status).toBe(0);
  });
});
