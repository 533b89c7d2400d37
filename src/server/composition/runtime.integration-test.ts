import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { testRabbitMqUrl } from "@e2e/env/rabbitmq";
import { parseConfig } from "@/server/config/env";
import { checkReadiness } from "@/server/services/health/check-readiness";
import { buildRuntime, type Runtime } from "./runtime";

/** /readyz's probes, as the web process wires them, against the real PostgreSQL and RabbitMQ. */
describe("readiness probes", () => {
  let db: TestDatabase;
  const runtimes: Runtime[] = [];
  const runtime = (env: Record<string, string>) => {
    const r = buildRuntime(parseConfig({ DATABASE_URL: db.url, KUBEBYON_LOG_LEVEL: "error", ...env }));
    runtimes.push(r);
    return r;
  };

  beforeAll(async () => {
    db = await createTestDatabase("readiness");
  });
  afterAll(async () => {
    await Promise.all(runtimes.map((r) => r.deps.db.$disconnect()));
    await db?.drop();
  });

  it("checks only the database in single-node mode", async () => {
    const report = await checkReadiness(runtime({}).readinessProbes);
    expect(report.status).toBe("ok");
    expect(Object.keys(report.checks)).toEqual(["database"]);
  });

  it("also checks RabbitMQ when it is configured, and reports it when it is down", async () => {
    const up = await checkReadiness(runtime({ KUBEBYON_RABBITMQ_URL: testRabbitMqUrl() }).readinessProbes);
    expect(up).toMatchObject({ status: "ok", checks: { database: { status: "ok" }, rabbitmq: { status: "ok" } } });

    const down = await checkReadiness(runtime({ KUBEBYON_RABBITMQ_URL: "amqp://guest:guest@127.0.0.1:1" }).readinessProbes);
    expect(down.status).toBe("unavailable");
    expect(down.checks.rabbitmq).toMatchObject({ status: "error", error: expect.any(String) });
    expect(down.checks.database?.status).toBe("ok");
  });

  it("reports an unreachable database", async () => {
    const report = await checkReadiness(runtime({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nothing" }).readinessProbes);
    expect(report.status).toBe("unavailable");
    expect(report.checks.database?.status).toBe("error");
  });
});
