import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

describe("logger", () => {
  it("writes one JSON object per line with redacted secrets", () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l) }).child({ request_id: "r1" });
    log.info("login with Bearer abc.def and postgresql://u:hunter2@db:5432/x", {
      password: "hunter2",
      api_key: "kbk_abcd1234_secretsecret",
      nested: { authorization: "Bearer xyz", ok: 1, note: "url ?token=aaa.bbb" },
      revoked: false,
    });
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({ level: "info", request_id: "r1", password: "[redacted]", api_key: "[redacted]", revoked: false });
    expect(rec.nested).toEqual({ authorization: "[redacted]", ok: 1, note: "url ?token=[redacted]" });
    expect(lines[0]).not.toContain("hunter2");
    expect(lines[0]).not.toContain("abc.def");
    expect(rec.msg).toContain("postgresql://u:[redacted]@db");
  });

  it("drops records below the level", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "warn", write: (l) => lines.push(l) });
    log.info("no");
    log.error("yes", { err: new Error("boom") });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).err.message).toBe("boom");
  });
});
