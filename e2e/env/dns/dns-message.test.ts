import { describe, expect, it } from "vitest";
import { decodeResponse, DNS_TYPE, DnsFormatError, encodeAnswer, encodeQuery, parseQuery, RCODE } from "./dns-message";

describe("dns-message", () => {
  it("reads the question of a stub resolver's query, lower-cased", () => {
    const q = parseQuery(encodeQuery(0xbeef, "Chain-Demo.chain-demo.svc.cluster.local", DNS_TYPE.A));
    expect(q).toMatchObject({ id: 0xbeef, rd: true, opcode: 0, name: "chain-demo.chain-demo.svc.cluster.local", type: DNS_TYPE.A, qclass: 1 });
  });

  it("answers with A records that point at the question's name", () => {
    const q = parseQuery(encodeQuery(7, "web.ns.svc.cluster.local", DNS_TYPE.A));
    const reply = encodeAnswer(q, { rcode: RCODE.NOERROR, ipv4: ["127.64.0.12"], ttl: 30 });
    expect(reply.readUInt16BE(0)).toBe(7);
    const flags = reply.readUInt16BE(2);
    expect(flags & 0x8000).toBeTruthy(); // a response
    expect(flags & 0x0400).toBeTruthy(); // authoritative
    expect(flags & 0xf).toBe(RCODE.NOERROR);
    expect(reply.readUInt16BE(6)).toBe(1);
    const rr = reply.subarray(12 + q.raw.length);
    expect(rr.readUInt16BE(0)).toBe(0xc00c);
    expect(rr.readUInt32BE(6)).toBe(30);
    expect([...rr.subarray(12, 16)]).toEqual([127, 64, 0, 12]);
  });

  it("carries no records with an error code", () => {
    const q = parseQuery(encodeQuery(9, "nope.svc.cluster.local", DNS_TYPE.AAAA));
    const reply = encodeAnswer(q, { rcode: RCODE.NXDOMAIN, ipv4: ["127.0.0.1"] });
    expect(reply.readUInt16BE(2) & 0xf).toBe(RCODE.NXDOMAIN);
    expect(reply.readUInt16BE(6)).toBe(0);
  });

  it("refuses what is not a single-question query", () => {
    expect(() => parseQuery(Buffer.alloc(5))).toThrow(DnsFormatError);
    const response = encodeAnswer(parseQuery(encodeQuery(1, "a.b", DNS_TYPE.A)), { rcode: RCODE.NOERROR });
    expect(() => parseQuery(response)).toThrow(/response/);
  });

  it("writes CNAME answers: the question's name as a pointer, other owners and targets in full", () => {
    const q = parseQuery(encodeQuery(11, "App.Test.Example", DNS_TYPE.A));
    const reply = encodeAnswer(q, {
      rcode: RCODE.NOERROR,
      records: [
        { name: "app.test.example", type: "CNAME", target: "Edge.Test.Example." },
        { name: "edge.test.example", type: "A", address: "127.0.0.9", ttl: 60 },
      ],
    });
    expect(reply.readUInt16BE(6)).toBe(2);
    expect(reply.subarray(12 + q.raw.length).readUInt16BE(0)).toBe(0xc00c);
    expect(decodeResponse(reply)).toEqual({
      id: 11,
      rcode: RCODE.NOERROR,
      authoritative: true,
      truncated: false,
      answers: [
        { name: "app.test.example", type: "CNAME", target: "edge.test.example", ttl: 5 },
        { name: "edge.test.example", type: "A", address: "127.0.0.9", ttl: 60 },
      ],
    });
  });

  it("marks a truncated answer and leaves its records out", () => {
    const q = parseQuery(encodeQuery(12, "big.test.example", DNS_TYPE.A));
    const reply = decodeResponse(encodeAnswer(q, { rcode: RCODE.NOERROR, ipv4: ["127.0.0.1"], truncated: true }));
    expect(reply).toMatchObject({ truncated: true, answers: [] });
  });

  it("refuses to read a query as a response", () => {
    expect(() => decodeResponse(encodeQuery(1, "a.b", DNS_TYPE.A))).toThrow(/query/);
  });
});
