import { describe, expect, it } from "vitest";
import { applySmtpPatch, effectiveSmtp, EMPTY_SMTP } from "./smtp-settings";

const env = { host: "env.example.com", port: 25, secure: false, from: "env@example.com" };

describe("effectiveSmtp", () => {
  it("prefers the environment, then stored settings with host and sender, else none", () => {
    const stored = { ...EMPTY_SMTP, host: "smtp.example.com", from: "a@example.com", user: "u", password: "p" };
    expect(effectiveSmtp(env, stored)).toEqual({ source: "env", config: env });
    expect(effectiveSmtp(undefined, stored)).toEqual({ source: "settings", config: { host: "smtp.example.com", port: 587, secure: false, from: "a@example.com", user: "u", password: "p" } });
    expect(effectiveSmtp(undefined, { ...stored, from: null })).toEqual({ source: "none", config: undefined });
  });

  it("sends no credentials without a user name", () => {
    expect(effectiveSmtp(undefined, { ...EMPTY_SMTP, host: "h.example.com", from: "a@example.com", password: "left-over" }).config).not.toHaveProperty("password");
  });
});

describe("applySmtpPatch", () => {
  const stored = { ...EMPTY_SMTP, host: "smtp.example.com", from: "a@example.com", user: "u", password: "secret" };

  it("keeps the password on an empty field and removes it only on null", () => {
    expect(applySmtpPatch(stored, { password: "" }).password).toBe("secret");
    expect(applySmtpPatch(stored, { password: "new-one" }).password).toBe("new-one");
    expect(applySmtpPatch(stored, { password: null }).password).toBeNull();
  });

  it("normalises the host and refuses bad hosts, ports and senders with the fix", () => {
    expect(applySmtpPatch(EMPTY_SMTP, { host: " SMTP.Example.COM " }).host).toBe("smtp.example.com");
    expect(() => applySmtpPatch(EMPTY_SMTP, { host: "smtp://x" })).toThrow(/smtp.host/);
    expect(() => applySmtpPatch(EMPTY_SMTP, { port: 0 })).toThrow(/smtp.port/);
    expect(() => applySmtpPatch(EMPTY_SMTP, { from: "a@example.com\r\nBcc: x@y.z" })).toThrow(/smtp.from/);
    expect(applySmtpPatch(stored, { host: "", from: null })).toMatchObject({ host: null, from: null });
  });
});
