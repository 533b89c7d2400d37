import { isIP } from "node:net";

/** Parses KUBEBYON_DNS_CHECK_RESOLVERS entries: "ip" or "ip:port" / "[v6]:port"; throws with the entry that is wrong. */
export function parseResolverAddress(entry: string): string {
  const value = entry.trim();
  if (isIP(value)) return value;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(value);
  const plain = /^([^:]+):(\d{1,5})$/.exec(value);
  const [host, port] = bracketed ? [bracketed[1] ?? "", bracketed[2] ?? ""] : plain ? [plain[1] ?? "", plain[2] ?? ""] : ["", ""];
  const portNumber = Number(port);
  if (!isIP(host) || !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535) {
    throw new Error(`"${entry}" is not an ip or ip:port (e.g. 1.1.1.1, 10.0.0.2:53, [2606:4700:4700::1111]:53)`);
  }
  return value;
}
