import { describe, expect, it } from "vitest";
import { admissionUrlToken, isAdmissionUrlToken } from "./admission-url-token";
import { DenialSampler } from "./denial-sampler";

const secret = "s".repeat(40);

describe("admission URL token", () => {
  it("is a stable base64url HMAC of the cluster id, different per cluster and per secret", () => {
    const token = admissionUrlToken(secret, "cl_a");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(admissionUrlToken(secret, "cl_a")).toBe(token);
    expect(admissionUrlToken(secret, "cl_b")).not.toBe(token);
    expect(admissionUrlToken("t".repeat(40), "cl_a")).not.toBe(token);
  });

  it("verifies only the token of that cluster", () => {
    const token = admissionUrlToken(secret, "cl_a");
    expect(isAdmissionUrlToken(secret, "cl_a", token)).toBe(true);
    expect(isAdmissionUrlToken(secret, "cl_b", token)).toBe(false);
    expect(isAdmissionUrlToken(secret, "cl_a", token.slice(1))).toBe(false);
    expect(isAdmissionUrlToken(secret, "cl_a", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(isAdmissionUrlToken(secret, "cl_a", "")).toBe(false);
  });
});

describe("DenialSampler", () => {
  const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

  it("records one denial per cluster and reason per minute, carrying the suppressed count into the next record", () => {
    const sampler = new DenialSampler(60_000);
    expect(sampler.take("cl_a", "pod_limit", t(0))).toEqual({ record: true, suppressed: 0 });
    expect(sampler.take("cl_a", "pod_limit", t(10))).toEqual({ record: false });
    expect(sampler.take("cl_a", "pod_limit", t(59))).toEqual({ record: false });
    expect(sampler.take("cl_a", "privileged", t(20))).toEqual({ record: true, suppressed: 0 });
    expect(sampler.take("cl_b", "pod_limit", t(20))).toEqual({ record: true, suppressed: 0 });
    expect(sampler.take("cl_a", "pod_limit", t(60))).toEqual({ record: true, suppressed: 2 });
    expect(sampler.take("cl_a", "pod_limit", t(121))).toEqual({ record: true, suppressed: 0 });
  });
});
