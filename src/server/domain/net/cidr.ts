import net from "node:net";

/** An IPv4 or IPv6 network in CIDR form, parsed once so membership checks are cheap. */
export interface Cidr {
  readonly text: string;
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly prefix: number;
}

export function parseCidr(text: string): Cidr {
  const [addr, prefixText] = text.trim().split("/");
  const family = addr ? net.isIP(addr) : 0;
  if (family !== 4 && family !== 6) throw new Error(`"${text}" is not an IP network`);
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) throw new Error(`"${text}" has an invalid prefix length`);
  return { text: text.trim(), family, prefix, network: mask(ipToBigInt(addr!, family), prefix, bits) };
}

export function parseCidrList(text: string): Cidr[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseCidr);
}

export function cidrContains(cidr: Cidr, ip: string): boolean {
  const normalized = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = net.isIP(normalized);
  if (family !== cidr.family) return false;
  const bits = family === 4 ? 32 : 128;
  return mask(ipToBigInt(normalized, family), cidr.prefix, bits) === cidr.network;
}

function mask(value: bigint, prefix: number, bits: number): bigint {
  if (prefix === 0) return 0n;
  const hostBits = BigInt(bits - prefix);
  return (value >> hostBits) << hostBits;
}

function ipToBigInt(ip: string, family: 4 | 6): bigint {
  if (family === 4) return ip.split(".").reduce((acc, octet) => (acc << 8n) + BigInt(Number(octet)), 0n);
  const [head = "", tail = ""] = ip.includes("::") ? ip.split("::") : [ip, ""];
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const expandV4 = (parts: string[]) =>
    parts.flatMap((p) => {
      if (!net.isIPv4(p)) return [p];
      const n = Number(ipToBigInt(p, 4));
      return [((n >>> 16) & 0xffff).toString(16), (n & 0xffff).toString(16)];
    });
  const h = expandV4(headParts);
  const t = expandV4(tailParts);
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g || "0", 16)), 0n);
}

/** True when the two networks share at least one address (same family, one contains the other's network). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) return false;
  const bits = a.family === 4 ? 32 : 128;
  const prefix = Math.min(a.prefix, b.prefix);
  return mask(a.network, prefix, bits) === mask(b.network, prefix, bits);
}
