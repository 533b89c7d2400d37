import { describe, expect, it } from "vitest";
import { buildDirectJoinCommand, buildJoinCommand, joinBaseUrlSchema } from "./join-command";

const token = { id: "abc123", secret: "0123456789abcdef" };

describe("join commands", () => {
  it("points at the platform's join-script proxy", () => {
    expect(buildJoinCommand({ baseUrl: "https://console.example.com", clusterId: "cl_9x8y", token })).toBe(
      'curl -fsSL "https://console.example.com/api/join/clusters/cl_9x8y/script?token=abc123.0123456789abcdef" | sh -',
    );
    expect(buildJoinCommand({ baseUrl: "http://203.0.113.10:8080/kubebyon", clusterId: "cl_1", token })).toBe(
      'curl -fsSL "http://203.0.113.10:8080/kubebyon/api/join/clusters/cl_1/script?token=abc123.0123456789abcdef" | sh -',
    );
  });

  it("passes the script's flags after sh -s --", () => {
    expect(buildJoinCommand({ baseUrl: "https://console.example.com", clusterId: "cl_9x8y", token, flags: ["--reset-only"] })).toBe(
      'curl -fsSL "https://console.example.com/api/join/clusters/cl_9x8y/script?token=abc123.0123456789abcdef" | sh -s -- --reset-only',
    );
  });

  it("builds the spec's direct vCluster form", () => {
    expect(buildDirectJoinCommand({ endpoint: "https://203.0.113.10:31443", token })).toBe(
      'curl -fsSLk "https://203.0.113.10:31443/node/join?token=abc123.0123456789abcdef" | sh -',
    );
    expect(() => buildDirectJoinCommand({ endpoint: "http://203.0.113.10:31443", token })).toThrow(/https:\/\//);
    expect(() => buildDirectJoinCommand({ endpoint: "https://203.0.113.10:31443/x", token })).toThrow(/without a path/);
  });

  it("refuses cluster ids that are not ids", () => {
    expect(() => buildJoinCommand({ baseUrl: "https://c.example.com", clusterId: "cl_1/../x", token })).toThrow(/not a cluster id/);
  });

  it("validates join_base_url with messages that say what to fix", () => {
    const message = (v: string) => joinBaseUrlSchema.safeParse(v).error?.issues[0]?.message;
    expect(message("https://console.example.com")).toBeUndefined();
    expect(message("https://console.example.com/")).toMatch(/remove the trailing slash/);
    expect(message("console.example.com")).toMatch(/absolute URL/);
    expect(message("ftp://console.example.com")).toMatch(/https:\/\/ or http:\/\//);
    expect(message("https://console.example.com/a?b=c")).toMatch(/query/);
    expect(message("https://console.example.com/$(reboot)")).toMatch(/must not contain/);
    expect(message("https://user:pw@console.example.com")).toMatch(/credentials/);
  });
});
