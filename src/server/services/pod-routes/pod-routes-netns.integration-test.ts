import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNetnsPair, ip, type NetnsPair } from "@e2e/env/netns-pair";
import { IpRouteCli, IpRouteError } from "@/server/infra/net/ip-route-cli";
import { convergePodRoutes } from "./converge-pod-routes";

// Real network namespaces (root, e2e/env/netns-pair.ts): "host" plays the platform's host, "node" a joined node whose
// pod IP 10.251.<n>.10 sits on its loopback; a veth pair joins them on 10.250.<n>.0/24. Only these addresses are used.
const PROTO = 211;
let pair: NetnsPair;

beforeAll(async () => {
  pair = await createNetnsPair("kb-h7");
});

afterAll(async () => {
  await pair?.close();
});

describe("IpRouteCli and convergePodRoutes in a network namespace", () => {
  let table: IpRouteCli;
  const route = () => ({ destination: pair.podCidr, gateway: pair.nodeIp, clusterId: "c1", nodeName: "n1" });
  const second = () => ({ destination: pair.otherCidr(1), gateway: pair.nodeIp, clusterId: "c2", nodeName: "n2" });
  const foreign = () => pair.otherCidr(2);
  beforeAll(() => {
    table = new IpRouteCli({ protocol: PROTO, netns: pair.host });
  });

  it("has no route to the pod IP before converging: the request fails", async () => {
    expect(await pair.fetchFromHost("/hello")).toMatch(/^ERR/);
  });

  it("converges the desired routes with the marker and a real HTTP request reaches the pod IP", async () => {
    await ip("-n", pair.host, "route", "add", foreign(), "via", pair.nodeIp); // the operator's own route, no marker
    const result = await convergePodRoutes(table, [route(), second()]);
    expect(result.replaced.map((r) => r.destination)).toEqual([pair.podCidr, second().destination]);
    expect(await pair.hostRoutes()).toEqual(
      expect.arrayContaining([`${pair.podCidr} via ${pair.nodeIp} dev veth-h proto ${PROTO}`, `${second().destination} via ${pair.nodeIp} dev veth-h proto ${PROTO}`]),
    );
    expect(await pair.fetchFromHost("/hello")).toBe("pod /hello");
    const again = await convergePodRoutes(table, [route(), second()]);
    expect(again).toMatchObject({ replaced: [], deleted: [], unchanged: 2 });
  });

  it("deletes a route removed from the desired set and leaves the foreign route alone", async () => {
    const result = await convergePodRoutes(table, [route()]);
    expect(result.deleted).toEqual([second().destination]);
    const now = await pair.hostRoutes();
    expect(now.some((l) => l.startsWith(second().destination))).toBe(false);
    expect(now).toContain(`${foreign()} via ${pair.nodeIp} dev veth-h`);
    // Even an empty desired set does not touch it; a desired route onto its destination is blocked, not taken over.
    const blocked = await convergePodRoutes(table, [{ ...second(), destination: foreign() }]);
    expect(blocked.blocked).toHaveLength(1);
    expect(blocked.deleted).toEqual([pair.podCidr]);
    expect(await pair.hostRoutes()).toContain(`${foreign()} via ${pair.nodeIp} dev veth-h`);
    expect(await pair.fetchFromHost("/hello")).toMatch(/^ERR/);
  });

  it("reports iproute2's stderr as a typed error", async () => {
    const broken = new IpRouteCli({ protocol: PROTO, netns: `${pair.host}-missing` });
    const error = await broken.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpRouteError);
    expect((error as IpRouteError).stderr).toMatch(/network namespace/i);
  });
});
