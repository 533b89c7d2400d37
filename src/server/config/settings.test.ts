import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, parseConfig } from "./env";
import { parseRouteAgentConfig } from "./route-agent-env";
import { SETTING_LIST } from "./settings";

const agentOnly = (name: string) => !Object.hasOwn(envSchema.shape, name);
/** Start-up of the process that reads `name`, with `value` for it (the route agent also needs its node name). */
const start = (name: string, value: string) =>
  agentOnly(name) ? parseRouteAgentConfig({ KUBEBYON_ROUTE_AGENT_NODE_NAME: "node-1", [name]: value }) : parseConfig({ [name]: value });

describe("the registry of environment variables (settings.ts)", () => {
  it.each(SETTING_LIST.filter((s) => s.kind.rejects !== undefined).map((s) => [s.name, s.kind.rejects as string]))(
    "a bad value of %s stops start-up with one line naming the variable",
    (name, bad) => {
      let message = "accepted";
      try {
        start(name, bad);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(new RegExp(`^invalid configuration: ${name}: `));
      expect(message).not.toContain("\n");
    },
  );

  it("accepts every documented default as a value", () => {
    for (const s of SETTING_LIST) {
      if (s.kind.default !== undefined) expect(() => start(s.name, s.kind.default as string), s.name).not.toThrow();
    }
  });

  it("never echoes a secret's value, and gives a secret no default, no ConfigMap and no place in the charts' config", () => {
    const secrets = SETTING_LIST.filter((s) => s.secret);
    expect(secrets.map((s) => s.name)).toEqual(
      expect.arrayContaining(["DATABASE_URL", "KUBEBYON_AUTH_SECRET", "KUBEBYON_ADMIN_PASSWORD", "KUBEBYON_SMTP_PASSWORD", "KUBEBYON_RABBITMQ_URL"]),
    );
    for (const s of secrets) {
      expect(s.kind.default, s.name).toBeUndefined();
      expect(s.chart.kind, s.name).not.toBe("config");
      if (s.kind.rejects) expect(() => start(s.name, `${s.kind.rejects}`), s.name).toThrow(/\(got "<redacted>"\)$/);
    }
    for (const s of SETTING_LIST.filter((entry) => entry.chart.kind === "secretEnv")) expect(s.secret, s.name).toBe(true);
  });

  it("says who reads each variable and puts the route agent's own ones in its schema only", () => {
    for (const s of SETTING_LIST) {
      expect(s.readBy.length, s.name).toBeGreaterThan(0);
      expect(agentOnly(s.name), s.name).toBe(s.readBy.every((p) => p === "route-agent"));
    }
  });
});
