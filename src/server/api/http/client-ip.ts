import { cidrContains, type Cidr } from "@/server/domain/net/cidr";

/**
 * The client address for audit and rate limiting. X-Forwarded-For / X-Real-IP
 * are believed only as far as the hops are trusted proxies
 * (KUBEBYON_TRUSTED_PROXY_CIDRS): walking from the right, the first address
 * that is not a trusted proxy is the client. Next.js appends the socket peer
 * as the last X-Forwarded-For entry, so a client cannot forge its way in.
 */
export function clientIp(headers: Headers, trusted: readonly Cidr[]): string | null {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return null;
  const isTrusted = (ip: string) => trusted.some((c) => cidrContains(c, ip));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isTrusted(hop)) return hop;
  }
  // Every hop is a trusted proxy: the proxy closest to us may name the client.
  return headers.get("x-real-ip")?.trim() || hops[0]!;
}
