import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "../../scripts/lib/next-build";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const LOG_DIR = path.join(ROOT, "test-results", "app-server");
const PRISMA_CLIENT = path.join(ROOT, "src", "server", "infra", "db", "generated", "prisma");

export const TEST_ADMIN = { email: "admin@kubebyon.test", password: "correct-horse-battery-staple" } as const;

export interface AppServer {
  url: string;
  /** Combined stdout/stderr of `next start`, for failure messages. */
  logFile: string;
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  databaseUrl: string;
  /** Extra or overriding environment for `next start` (and the build, if one runs). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export function buildIsFresh(): boolean {
  return !buildIsStale(ROOT);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function runLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.on("error", reject);
    child.on("close", (code) => {
      log.end(() =>
        code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with ${code}; see ${logFile}:\n${tail(logFile)}`)),
      );
    });
  });
}

const BUILD_LOCK = path.join(LOG_DIR, "build.lock");

function lockOwnerAlive(): boolean {
  try {
    const pid = Number(readFileSync(path.join(BUILD_LOCK, "pid"), "utf8"));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two vitest processes (say, the HTTP and the browser e2e run) must not both write `.next`: the
 * first takes a directory lock, the others wait and then find the build fresh.
 */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(LOG_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock left behind by a killed process is taken over once its owner is gone.
      if (!lockOwnerAlive() && existsSync(path.join(BUILD_LOCK, "pid"))) rmSync(BUILD_LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  writeFileSync(path.join(BUILD_LOCK, "pid"), String(process.pid));
  try {
    return await fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

let buildOnce: Promise<void> | undefined;

/**
 * Runs `next build` at most once per test process, and only when the sources changed since the
 * last build (a build takes minutes on this machine; starting an up-to-date one takes seconds).
 */
export function ensureAppBuild(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  buildOnce ??= withBuildLock(async () => {
    if (!existsSync(PRISMA_CLIENT)) {
      await runLogged("sh", ["scripts/prisma-generate.sh"], env, path.join(LOG_DIR, "prisma-generate.log"));
    }
    if (buildIsFresh()) return;
    const started = Date.now();
    const logFile = path.join(LOG_DIR, "next-build.log");
    await runLogged(process.execPath, [NEXT_BIN, "build"], { ...env, NEXT_TELEMETRY_DISABLED: "1" }, logFile);
    console.log(`[app-server] next build took ${Math.round((Date.now() - started) / 1000)}s (log: ${logFile})`);
  });
  return buildOnce;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let probe = "/readyz";
  let last = "no response yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`next start exited with ${child.exitCode} before becoming ready; see ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}${probe}`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      // Fall back to liveness only if the readiness route does not exist in this build.
      if (res.status === 404 && probe === "/readyz") probe = "/healthz";
      last = `${probe} answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app at ${url} not ready after ${timeoutMs} ms (${last}); see ${logFile}:\n${tail(logFile)}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Builds if needed, then runs `next start` on a free loopback port against the given database. */
export async function startAppServer(opts: StartAppServerOptions): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: opts.databaseUrl,
    KUBEBYON_ADMIN_EMAIL: TEST_ADMIN.email,
    KUBEBYON_ADMIN_PASSWORD: TEST_ADMIN.password,
    KUBEBYON_AUTH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_URL: url,
    KUBEBYON_PUBLIC_URL: url,
    KUBEBYON_HTTP_ADDR: `127.0.0.1:${port}`,
    KUBEBYON_SESSION_COOKIE_SECURE: "false",
    ...opts.env,
  };
  await ensureAppBuild(env);

  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `next-start-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  try {
    await waitForReady(url, child, logFile, opts.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    logFile,
    stop: async () => {
      await stopProcess(child);
      log.end();
    },
  };
}
