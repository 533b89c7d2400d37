/**
 * The little of RFC 1035 the tests' DNS servers need (the cluster DNS stand-in, the authoritative
 * test server of the DNS check): read one question from a query, write an authoritative answer
 * with A and CNAME records (or none), or an error code; read a response back for their own tests.
 * No compression in questions (stub resolvers send none); answers owned by the question's name
 * point back at it.
 */

export const DNS_TYPE = { A: 1, CNAME: 5, SOA: 6, TXT: 16, AAAA: 28, ANY: 255 } as const;
export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

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

/** A resource record of an answer: A (an IPv4 address) or CNAME (a name). */
export type DnsRecord = { name: string; type: "A"; address: string; ttl?: number } | { name: string; type: "CNAME"; target: string; ttl?: number };

/**
 * An authoritative answer to `q`: `records` (or `ipv4` as A records of the question's name, TTL
 * `ttl`), or `rcode` with no records. A record owned by the question's name points back at it
 * (compression pointer to offset 12); other owner names and CNAME targets are written in full.
 */
export function encodeAnswer(q: DnsQuestion, opts: { rcode: number; ipv4?: readonly string[]; records?: readonly DnsRecord[]; ttl?: number; truncated?: boolean }): Buffer {
  const ttl = opts.ttl ?? 5;
  const given: DnsRecord[] = [...(opts.ipv4 ?? []).map((address): DnsRecord => ({ name: q.name, type: "A", address })), ...(opts.records ?? [])];
  const answers = opts.rcode === RCODE.NOERROR && !opts.truncated ? given : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(q.id, 0);
  // QR, the query's opcode, AA, TC when asked, RD as asked; RA 0 (no recursion offered), the rcode.
  header.writeUInt16BE(0x8000 | (q.opcode << 11) | 0x0400 | (opts.truncated ? 0x0200 : 0) | (q.rd ? 0x0100 : 0) | (opts.rcode & 0xf), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map((record) => {
    const owner = normalizeName(record.name) === q.name ? Buffer.from([0xc0, 0x0c]) : encodeName(record.name);
    const rdata = record.type === "A" ? Buffer.from(record.address.split(".").map(Number)) : encodeName(record.target);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(DNS_TYPE[record.type], 0);
    fixed.writeUInt16BE(1, 2); // IN
    fixed.writeUInt32BE(record.ttl ?? ttl, 4);
    fixed.writeUInt16BE(rdata.length, 8);
    return Buffer.concat([owner, fixed, rdata]);
  });
  return Buffer.concat([header, q.raw, ...records]);
}

/** A name in wire format, uncompressed. */
export function encodeName(name: string): Buffer {
  const labels = normalizeName(name).split(".").filter(Boolean);
  for (const label of labels) if (label.length > 63) throw new DnsFormatError(`the label "${label}" is longer than 63 bytes`);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, "latin1")])), Buffer.from([0])]);
}

const normalizeName = (name: string) => name.replace(/\.+$/, "").toLowerCase();

export interface DnsResponse {
  id: number;
  rcode: number;
  authoritative: boolean;
  truncated: boolean;
  answers: DnsRecord[];
}

/** Reads a response (for tests of the servers): header flags and the A/CNAME answers, following compression pointers. */
export function decodeResponse(msg: Buffer): DnsResponse {
  if (msg.length < 12) throw new DnsFormatError(`a DNS message has a 12-byte header, got ${msg.length} bytes`);
  const flags = msg.readUInt16BE(2);
  if (!(flags & 0x8000)) throw new DnsFormatError("the message is a query, not a response");
  let offset = 12;
  for (let i = msg.readUInt16BE(4); i > 0; i -= 1) offset = readName(msg, offset).next + 4;
  const answers: DnsRecord[] = [];
  for (let i = msg.readUInt16BE(6); i > 0; i -= 1) {
    const owner = readName(msg, offset);
    const type = msg.readUInt16BE(owner.next);
    const ttl = msg.readUInt32BE(owner.next + 4);
    const length = msg.readUInt16BE(owner.next + 8);
    const rdata = owner.next + 10;
    if (type === DNS_TYPE.A) answers.push({ name: owner.name, type: "A", address: [...msg.subarray(rdata, rdata + 4)].join("."), ttl });
    else if (type === DNS_TYPE.CNAME) answers.push({ name: owner.name, type: "CNAME", target: readName(msg, rdata).name, ttl });
    offset = rdata + length;
  }
  return { id: msg.readUInt16BE(0), rcode: flags & 0xf, authoritative: Boolean(flags & 0x0400), truncated: Boolean(flags & 0x0200), answers };
}

function readName(msg: Buffer, start: number): { name: string; next: number } {
  const labels: string[] = [];
  let offset = start;
  let next: number | undefined;
  for (let jumps = 0; ; ) {
    const len = msg[offset];
    if (len === undefined) throw new DnsFormatError("a name runs past the message");
    if ((len & 0xc0) === 0xc0) {
      if ((jumps += 1) > 16) throw new DnsFormatError("compression pointers loop");
      next ??= offset + 2;
      offset = msg.readUInt16BE(offset) & 0x3fff;
      continue;
    }
    offset += 1;
    if (len === 0) break;
    labels.push(msg.subarray(offset, offset + len).toString("latin1").toLowerCase());
    offset += len;
  }
  return { name: labels.join("."), next: next ?? offset };
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
