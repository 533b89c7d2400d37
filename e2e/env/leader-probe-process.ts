import pg from "pg";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisorySession } from "@/server/infra/db/pg-advisory-claims";
import { createLogger } from "@/server/observability/logger";
import { bindTask, type BackgroundTask } from "@/server/services/background/background-task";
import { TaskScheduler } from "@/server/services/background/task-scheduler";

// A process with one leader task on the product's engine and claims adapter (one advisory session, named as the
// job-processing processes name theirs): each pass records its start and end in `leadership_passes`, so a test can
// see which process led when, and that no two passes ever overlapped. Args: <database url> <owner> <interval ms>.

const [databaseUrl, owner, interval] = process.argv.slice(2);
if (!databaseUrl || !owner || !interval) throw new Error("usage: leader-probe-process.ts <database url> <owner> <interval ms>");
const intervalMs = Number(interval);
const log = createLogger({ level: "info", base: { owner } });

const recorder = new pg.Client({ connectionString: databaseUrl, application_name: `leader probe recorder (${owner})` });
await recorder.connect();

const probe: BackgroundTask<undefined, void> = {
  name: "leadership-probe",
  scope: "leader",
  intervalMs: () => intervalMs,
  async run() {
    const { rows } = await recorder.query<{ id: number }>("INSERT INTO leadership_passes (owner, started_at) VALUES ($1, clock_timestamp()) RETURNING id", [owner]);
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, intervalMs / 2)));
    await recorder.query("UPDATE leadership_passes SET ended_at = clock_timestamp() WHERE id = $1", [rows[0]!.id]);
    log.info("probe pass");
  },
};

const session = new PgAdvisorySession({ connectionString: databaseUrl, applicationName: `kubebyon claims (${owner})` });
const scheduler = new TaskScheduler({ tasks: [bindTask(probe, undefined, { intervalMs })], claims: session.claims(sessionLocks.loopLeadershipClass), log });
scheduler.start();
log.info("probe ready");

process.once("SIGTERM", () => {
  void (async () => {
    await scheduler.stop();
    await session.close();
    await recorder.end();
    process.exit(0);
  })();
});
