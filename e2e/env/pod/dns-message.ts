/**
 * The little of RFC 1035 a cluster DNS stand-in needs: read one question from a query, write an
 * authoritative answer with A records (or none), or an error code. No compression on read (stub
 * resolvers send none in questions); answers point back at the question's name.
 */

export const DNS_TYPE = { A: 1, AAAA: 28 } as const;
export const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4 } as const;

export interface DnsQuestion {
  id: number;
  /** Recursion desired, copied into the answer. */
  rd: boolean;
  opcode: number;
  /** Lower-case, no trailing dot. */
  name: string;
  type: number;
  qclass: number;
  /** The question section as sent (echoed in the answer). */
  raw: Buffer;
}

export class DnsFormatError extends Error {}

export function parseQuery(msg: Buffer): DnsQuestion {
  if (msg.length < 12) throw new DnsFormatError(`a DNS message has a 12-byte header, got ${msg.length} bytes`);
  const id = msg.readUInt16BE(0);
  const flags = msg.readUInt16BE(2);
  if (flags & 0x8000) throw new DnsFormatError("the message is a response, not a query");
  if (msg.readUInt16BE(4) !== 1) throw new DnsFormatError(`expected exactly one question, got ${msg.readUInt16BE(4)}`);
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    const len = msg[offset];
    if (len === undefined) throw new DnsFormatError("the question name runs past the message");
    offset += 1;
    if (len === 0) break;
    if (len & 0xc0) throw new DnsFormatError("compressed names are not expected in a question");
    if (offset + len > msg.length) throw new DnsFormatError("a label runs past the message");
    labels.push(msg.subarray(offset, offset + len).toString("latin1").toLowerCase());
    offset += len;
  }
  if (offset + 4 > msg.length) throw new DnsFormatError("the question has no type and class");
  const type = msg.readUInt16BE(offset);
  const qclass = msg.readUInt16BE(offset + 2);
  return { id, rd: Boolean(flags & 0x0100), opcode: (flags >> 11) & 0xf, name: labels.join("."), type, qclass, raw: msg.subarray(12, offset + 4) };
}

/** An authoritative answer to `q`: `ipv4` as A records (TTL `ttl`), or `rcode` with no records. */
export function encodeAnswer(q: DnsQuestion, opts: { rcode: number; ipv4?: readonly string[]; ttl?: number }): Buffer {
  const answers = opts.rcode === RCODE.NOERROR ? (opts.ipv4 ?? []) : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(q.id, 0);
  // QR, the query's opcode, AA, RD as asked; RA 0 (no recursion offered), the rcode.
  header.writeUInt16BE(0x8000 | (q.opcode << 11) | 0x0400 | (q.rd ? 0x0100 : 0) | (opts.rcode & 0xf), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map((ip) => {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // the name at offset 12: the question's
    rr.writeUInt16BE(DNS_TYPE.A, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(opts.ttl ?? 5, 6);
    rr.writeUInt16BE(4, 10);
    ip.split(".").forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
    return rr;
  });
  return Buffer.concat([header, q.raw, ...records]);
}

/** A query as a stub resolver sends it (for tests of the stand-in). */
export function encodeQuery(id: number, name: string, type: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2);
  header.writeUInt16BE(1, 4);
  const labels = name.split(".").filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, "latin1")]));
  const tail = Buffer.alloc(5);
  tail.writeUInt16BE(type, 1);
  tail.writeUInt16BE(1, 3);
  return Buffer.concat([header, ...labels, tail]);
}
