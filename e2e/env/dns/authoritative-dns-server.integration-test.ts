import dgram from "node:dgram";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "./authoritative-dns-server";
import { decodeResponse, DNS_TYPE, encodeQuery, RCODE, type DnsResponse } from "./dns-message";

let server: AuthoritativeDnsServer;

beforeAll(async () => {
  server = await startAuthoritativeDnsServer({ zone: "zone.test" });
  server.setCname("app.zone.test", "mid.zone.test");
  server.setCname("mid.zone.test", "edge.zone.test");
  server.setA("edge.zone.test", ["127.0.0.8"]);
  server.setCname("out.zone.test", "lb.example.org");
  server.setCname("loop-a.zone.test", "loop-b.zone.test");
  server.setCname("loop-b.zone.test", "loop-a.zone.test");
});

afterAll(() => server?.stop());

function overUdp(name: string, type: number): Promise<DnsResponse> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket("udp4");
    socket.once("message", (msg) => {
      socket.close();
      resolve(decodeResponse(msg));
    });
    socket.once("error", reject);
    socket.send(encodeQuery(0x1234, name, type), server.port, server.host);
  });
}

function overTcp(name: string, type: number): Promise<DnsResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.host);
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        socket.end();
        resolve(decodeResponse(buffered.subarray(2, 2 + buffered.readUInt16BE(0))));
      }
    });
    socket.on("error", reject);
    const query = encodeQuery(0x4321, name, type);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(query.length);
    // Length and message in two writes: the server must reassemble them.
    socket.write(length);
    setTimeout(() => socket.write(query), 20);
  });
}

describe("authoritative test DNS server", () => {
  it("answers a CNAME question with the one CNAME record, over UDP and TCP alike", async () => {
    for (const ask of [overUdp, overTcp]) {
      const reply = await ask("App.Zone.Test", DNS_TYPE.CNAME);
      expect(reply).toMatchObject({ rcode: RCODE.NOERROR, authoritative: true, answers: [{ name: "app.zone.test", type: "CNAME", target: "mid.zone.test" }] });
    }
  });

  it("chases an A question through the in-zone chain to the addresses", async () => {
    const reply = await overTcp("app.zone.test", DNS_TYPE.A);
    expect(reply.answers).toEqual([
      { name: "app.zone.test", type: "CNAME", target: "mid.zone.test", ttl: 5 },
      { name: "mid.zone.test", type: "CNAME", target: "edge.zone.test", ttl: 5 },
      { name: "edge.zone.test", type: "A", address: "127.0.0.8", ttl: 5 },
    ]);
  });

  it("stops chasing at a loop and at a target outside the zone", async () => {
    expect((await overUdp("loop-a.zone.test", DNS_TYPE.A)).answers.map((r) => r.name)).toEqual(["loop-a.zone.test", "loop-b.zone.test"]);
    expect((await overUdp("out.zone.test", DNS_TYPE.A)).answers).toEqual([{ name: "out.zone.test", type: "CNAME", target: "lb.example.org", ttl: 5 }]);
  });

  it("tells NXDOMAIN from NODATA, and refuses names outside its zone", async () => {
    expect(await overUdp("nothing.zone.test", DNS_TYPE.A)).toMatchObject({ rcode: RCODE.NXDOMAIN, answers: [] });
    expect(await overUdp("edge.zone.test", DNS_TYPE.CNAME)).toMatchObject({ rcode: RCODE.NOERROR, answers: [] });
    expect(await overUdp("example.org", DNS_TYPE.A)).toMatchObject({ rcode: RCODE.REFUSED });
  });

  it("serves changes at once and fails a name on request", async () => {
    server.setCname("moving.zone.test", "edge.zone.test");
    expect((await overUdp("moving.zone.test", DNS_TYPE.CNAME)).answers).toHaveLength(1);
    server.remove("moving.zone.test");
    expect((await overUdp("moving.zone.test", DNS_TYPE.CNAME)).rcode).toBe(RCODE.NXDOMAIN);
    server.failWith("edge.zone.test", "servfail");
    expect((await overTcp("edge.zone.test", DNS_TYPE.A)).rcode).toBe(RCODE.SERVFAIL);
    server.failWith("edge.zone.test", null);
    expect((await overTcp("edge.zone.test", DNS_TYPE.A)).rcode).toBe(RCODE.NOERROR);
    expect(server.queries).toContain("edge.zone.test A/tcp");
  });
});
