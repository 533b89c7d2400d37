import { describe, expect, it } from "vitest";
import { ConfigError } from "./env";
import { parseRouteAgentConfig } from "./route-agent-env";

describe("parseRouteAgentConfig", () => {
  it("takes the node name and defaults the rest: proto 211, resync 30 s, in-cluster, info", () => {
    expect(parseRouteAgentConfig({ KUBEBYON_ROUTE_AGENT_NODE_NAME: "host-1" })).toEqual({
      nodeName: "host-1",
      protocol: 211,
      resyncSeconds: 30,
      kubeconfigPath: undefined,
      logLevel: "info",
    });
  });

  it("reads every setting", () => {
    expect(
      parseRouteAgentConfig({
        KUBEBYON_ROUTE_AGENT_NODE_NAME: "node-a.example",
        KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: "42",
        KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: "10",
        KUBEBYON_KUBECONFIG_PATH: "/etc/kube/config",
        KUBEBYON_LOG_LEVEL: "debug",
      }),
    ).toEqual({ nodeName: "node-a.example", protocol: 42, resyncSeconds: 10, kubeconfigPath: "/etc/kube/config", logLevel: "debug" });
  });

  it("refuses a missing node name, a reserved protocol and a too-short resync with one line naming the variable", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        parseRouteAgentConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal({})).toMatch(/^invalid configuration: KUBEBYON_ROUTE_AGENT_NODE_NAME: required: .*spec\.nodeName/);
    expect(refusal({ KUBEBYON_ROUTE_AGENT_NODE_NAME: "Host_1" })).toMatch(/KUBEBYON_ROUTE_AGENT_NODE_NAME: expected a Node name/);
    expect(refusal({ KUBEBYON_ROUTE_AGENT_NODE_NAME: "h", KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: "255" })).toMatch(/KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: expected a route protocol number 5–254.*\(got "255"\)/);
    expect(refusal({ KUBEBYON_ROUTE_AGENT_NODE_NAME: "h", KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: "1" })).toMatch(/KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: expected whole seconds, at least 5/);
  });
});
