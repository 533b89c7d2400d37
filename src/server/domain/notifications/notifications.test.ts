import { describe, expect, it } from "vitest";
import { deliverySettingsFromJson, DEFAULT_DELIVERY_SETTINGS, retryDelayMs } from "./delivery-settings";
import { preferenceMatrix } from "./notification-events";
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from "./webhook-signature";
import { webhookUrlSchema } from "./webhook-url";

describe("webhook signature", () => {
  const secret = generateWebhookSecret();
  const body = '{"type":"cluster.ready"}';
  it("verifies its own signature and refuses tampering, another secret and stale timestamps", () => {
    const header = signWebhook(secret, 1_000_000, body);
    expect(header).toMatch(/^t=1000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, 1_000_100)).toBe(true);
    expect(verifyWebhookSignature(secret, header, `${body} `, 1_000_100)).toBe(false);
    expect(verifyWebhookSignature(generateWebhookSecret(), header, body, 1_000_100)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 1_000_301)).toBe(false);
    expect(verifyWebhookSignature(secret, header.replace("t=1000000", "t=1000001"), body, 1_000_100)).toBe(false);
    expect(verifyWebhookSignature(secret, "garbage", body, 1_000_100)).toBe(false);
  });
});

describe("webhook URL", () => {
  const ok = (url: string) => webhookUrlSchema.safeParse(url).success;
  it("wants https, allows http only on loopback, refuses credentials and fragments", () => {
    expect(ok("https://hooks.example.com/kubebyon")).toBe(true);
    expect(ok("http://127.0.0.1:8080/hook")).toBe(true);
    expect(ok("http://localhost/hook")).toBe(true);
    expect(ok("http://hooks.example.com/hook")).toBe(false);
    expect(ok("https://user:pw@hooks.example.com/")).toBe(false);
    expect(ok("https://hooks.example.com/#x")).toBe(false);
    expect(ok("ftp://hooks.example.com/")).toBe(false);
    expect(ok("not a url")).toBe(false);
  });
});

describe("delivery settings and backoff", () => {
  it("falls back field by field on bad stored values", () => {
    expect(deliverySettingsFromJson(null)).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(deliverySettingsFromJson({ email_enabled: false, webhook_timeout_seconds: 999, max_attempts: 3 })).toEqual({ ...DEFAULT_DELIVERY_SETTINGS, emailEnabled: false, maxAttempts: 3 });
  });
  it("doubles the wait from 30 s and caps it at one hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
  it("fills unsaved preference cells with the defaults", () => {
    const matrix = preferenceMatrix([{ channel: "email", event: "node.joined", enabled: true }, { channel: "webhook", event: "cluster.ready", enabled: false }]);
    expect(matrix.find((m) => m.event === "node.joined")).toEqual({ event: "node.joined", email: true, webhook: true });
    expect(matrix.find((m) => m.event === "node.unhealthy")).toEqual({ event: "node.unhealthy", email: true, webhook: true });
    expect(matrix.find((m) => m.event === "cluster.node_limit_reached")).toEqual({ event: "cluster.node_limit_reached", email: true, webhook: true });
    expect(matrix.find((m) => m.event === "cluster.ready")).toEqual({ event: "cluster.ready", email: true, webhook: false });
  });
  it("lists the debounced node health events and no longer the immediate node.offline (a stored row for it is ignored)", () => {
    const matrix = preferenceMatrix([{ channel: "email", event: "node.offline", enabled: false }]);
    expect(matrix.map((m) => m.event)).toEqual(expect.arrayContaining(["node.unhealthy", "node.recovered", "node.version_skew", "cluster.node_limit_reached"]));
    expect(matrix.map((m) => m.event as string)).not.toContain("node.offline");
  });
});
