import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, parseConfig } from "../src/server/config/env";
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from "./lib/embedded-postgres";
import { buildIsStale, runNextBuild } from "./lib/next-build";

const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => process.stdout.write(`kubebyon: ${line}\n`);

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`kubebyon: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = path.resolve(root, config.dataDir);
  await mkdir(dataDir, { recursive: true });

  let embedded: RunningEmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(dataDir, config.embeddedPostgresPort, say);
    databaseUrl = embedded.url;
  } else {
    say("using the PostgreSQL from DATABASE_URL");
  }

  const authSecret = config.authSecret ?? (await persistentSecret(path.join(dataDir, "auth-secret")));

  if (buildIsStale(root)) {
    say("building the console (next build)…");
    await runNextBuild(root);
  }

  const publicUrl = config.publicUrl ?? `http://localhost:${config.httpPort}`;
  say(`starting the console and API on ${publicUrl}`);
  const web = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", config.httpHost, "-p", String(config.httpPort)],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        KUBEBYON_AUTH_SECRET: authSecret,
        NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? publicUrl,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say("stopping…");
    if (web.exitCode === null) {
      web.kill("SIGTERM");
      await new Promise((r) => web.once("exit", r));
    }
    await embedded?.stop();
    say("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  web.on("exit", (code) => void stop(code ?? 1));
}

/** Sessions must survive restarts, so a generated secret is kept (0600) next to the data. */
async function persistentSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret + "\n", { mode: 0o600 });
  return secret;
}

main().catch((error: unknown) => {
  process.stderr.write(`kubebyon: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
