import dgram from "node:dgram";
import net from "node:net";
import { DNS_TYPE, DnsFormatError, encodeAnswer, parseQuery, RCODE, type DnsQuestion, type DnsRecord } from "./dns-message";

/**
 * An authoritative DNS server for one test zone, on a loopback address, over UDP and TCP on the
 * same port (a real resolver retries over TCP when a UDP answer is truncated). Tests set the
 * zone's records while it runs: CNAME chains that reach a target, miss it, loop, or dangle, A
 * records, names that do not exist (NXDOMAIN). Names outside the zone are REFUSED (it is no
 * recursive resolver: tests send no queries off this machine). A name can be made to fail
 * (SERVFAIL) or to go unanswered (the client times out).
 *
 * Answers follow RFC 1034 §4.3.2: a CNAME question gets the name's CNAME record only; any other
 * question on a CNAME name gets the CNAME and, when the target is in the zone, the target's
 * answer (chased up to 16 CNAMEs, loops stopped); a name with records but none of the asked type
 * is an empty NOERROR (NODATA); a name with no records is NXDOMAIN.
 */
export interface AuthoritativeDnsServer {
  /** The zone's apex, lower case, no trailing dot. */
  zone: string;
  host: string;
  port: number;
  /** "host:port", as node:dns setServers and KUBEBYON_DNS_CHECK_RESOLVERS take it. */
  server: string;
  setCname(name: string, target: string): void;
  setA(name: string, addresses: readonly string[]): void;
  /** The name has no records any more (NXDOMAIN). */
  remove(name: string): void;
  /**
   * Queries for the name get SERVFAIL ("servfail"), no reply at all ("drop"), or over UDP an
   * empty answer with the TC bit so the client must ask again over TCP ("truncate-udp"); null:
   * answered normally again.
   */
  failWith(name: string, failure: Failure | null): void;
  /** Every question so far, as "name TYPE/transport" (diagnostics; tests can check what was asked). */
  queries: string[];
  stop(): Promise<void>;
}

type Entry = { cname: string } | { a: readonly string[] };
type Failure = "servfail" | "drop" | "truncate-udp";

const MAX_CHASE = 16;
const TYPE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(DNS_TYPE).map(([name, code]) => [code, name]));

export async function startAuthoritativeDnsServer(opts: { zone: string; host?: string; port?: number; ttl?: number }): Promise<AuthoritativeDnsServer> {
  const zone = norm(opts.zone);
  const host = opts.host ?? "127.0.0.1";
  if (!net.isIPv4(host)) throw new Error(`the test DNS server listens on an IPv4 address, got "${host}"`);
  const entries = new Map<string, Entry>();
  const failures = new Map<string, Failure>();
  const queries: string[] = [];

  const inZone = (name: string) => name === zone || name.endsWith(`.${zone}`);
  const checkName = (name: string) => {
    const n = norm(name);
    if (!inZone(n)) throw new Error(`${name} is outside the test zone ${zone}`);
    return n;
  };

  /** The reply to `q`, or null for no reply. */
  const answer = (q: DnsQuestion, transport: "udp" | "tcp"): Buffer | null => {
    if (q.opcode !== 0 || q.qclass !== 1) return encodeAnswer(q, { rcode: RCODE.NOTIMP });
    if (!inZone(q.name)) return encodeAnswer(q, { rcode: RCODE.REFUSED });
    if (transport === "udp" && failures.get(q.name) === "truncate-udp") return encodeAnswer(q, { rcode: RCODE.NOERROR, truncated: true });
    const records: DnsRecord[] = [];
    const seen = new Set<string>();
    for (let name = q.name; ; ) {
      const failure = failures.get(name);
      if (failure === "drop") return null;
      if (failure === "servfail") return encodeAnswer(q, { rcode: RCODE.SERVFAIL });
      const entry = entries.get(name);
      // The first name decides NXDOMAIN; a dangling CNAME further down is still a NOERROR answer with the CNAMEs.
      if (!entry) return encodeAnswer(q, { rcode: records.length === 0 ? RCODE.NXDOMAIN : RCODE.NOERROR, records, ttl: opts.ttl });
      if ("cname" in entry) {
        records.push({ name, type: "CNAME", target: entry.cname });
        seen.add(name);
        if (q.type === DNS_TYPE.CNAME || !inZone(entry.cname) || seen.has(entry.cname) || seen.size >= MAX_CHASE) break;
        name = entry.cname;
        continue;
      }
      if (q.type === DNS_TYPE.A || q.type === DNS_TYPE.ANY) records.push(...entry.a.map((address): DnsRecord => ({ name, type: "A", address })));
      break;
    }
    return encodeAnswer(q, { rcode: RCODE.NOERROR, records, ttl: opts.ttl });
  };

  const handle = (msg: Buffer, transport: "udp" | "tcp"): Buffer | null => {
    let q: DnsQuestion;
    try {
      q = parseQuery(msg);
    } catch (err) {
      if (err instanceof DnsFormatError) return null;
      throw err;
    }
    queries.push(`${q.name} ${TYPE_NAMES[q.type] ?? q.type}/${transport}`);
    return answer(q, transport);
  };

  const makeUdp = () => {
    const socket = dgram.createSocket("udp4");
    socket.on("message", (msg, peer) => {
      const reply = handle(msg, "udp");
      if (reply) socket.send(reply, peer.port, peer.address);
    });
    return socket;
  };
  const tcp = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      // RFC 1035 §4.2.2: each message is preceded by its length in two bytes.
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const msg = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + msg.length);
        const reply = handle(msg, "tcp");
        if (!reply) continue;
        const length = Buffer.alloc(2);
        length.writeUInt16BE(reply.length);
        socket.write(Buffer.concat([length, reply]));
      }
    });
  });

  const { udp, port } = await bindBoth(makeUdp, tcp, host, opts.port ?? 0);
  return {
    zone,
    host,
    port,
    server: `${host}:${port}`,
    setCname: (name, target) => void entries.set(checkName(name), { cname: norm(target) }),
    setA: (name, addresses) => void entries.set(checkName(name), { a: [...addresses] }),
    remove: (name) => void entries.delete(checkName(name)),
    failWith: (name, failure) => void (failure ? failures.set(checkName(name), failure) : failures.delete(checkName(name))),
    queries,
    stop: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

/** Binds UDP (port 0: any free one) and TCP to the same port, trying again when TCP finds it taken. */
async function bindBoth(makeUdp: () => dgram.Socket, tcp: net.Server, host: string, wanted: number): Promise<{ udp: dgram.Socket; port: number }> {
  for (let attempt = 0; ; attempt += 1) {
    const udp = makeUdp();
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(wanted, host, () => {
        udp.off("error", reject);
        resolve();
      });
    });
    const port = udp.address().port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(port, host, () => {
          tcp.off("error", reject);
          resolve();
        });
      });
      return { udp, port };
    } catch (err) {
      if (wanted !== 0 || attempt >= 10 || (err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    }
  }
}

function norm(name: string): string {
  return name.trim().replace(/\.+$/, "").toLowerCase();
}
