import { createTestDatabase, type TestDatabase } from "./postgres";
import { webTestEnv } from "./web-env";

/**
 * The web process's REST API driven in-process: the real route handler under
 * /api/console, the real runtime (config, Prisma, logger) on a fresh test
 * database, and real sessions minted through the sign-in use case. No server
 * and no mocks; one per test file (the runtime is a per-process singleton).
 */
export const IN_PROCESS_BASE = "http://127.0.0.1:3999";

export interface RestInit {
  token?: string;
  cookie?: string;
  body?: unknown;
  ip?: string;
}

export interface InProcessApi {
  db: TestDatabase;
  runtime: import("@/server/composition/runtime").Runtime;
  rest(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, init?: RestInit): Promise<Response>;
  /** Signs in through the use case and wraps the session id in the same signed cookie next-auth issues. */
  login(email: string, password: string, ip?: string): Promise<{ cookie: string }>;
  /** Creates a user with a password (role user unless given). */
  createUser(email: string, password: string, role?: "user" | "admin"): Promise<{ id: string; cookie: string }>;
  close(): Promise<void>;
}

export interface InProcessApiOptions {
  /**
   * Single-node mode as the web process starts it (startWebBackground): the
   * in-process executor runs cluster jobs with the production handler
   * registry, woken by the runtime's in-memory wake-ups. Needs
   * KUBEBYON_RABBITMQ_URL unset.
   */
  runJobs?: boolean;
}

export async function startInProcessApi(label: string, env: Record<string, string> = {}, opts: InProcessApiOptions = {}): Promise<InProcessApi> {
  const db = await createTestDatabase(label);
  Object.assign(process.env, webTestEnv(db.url, env));
  const { getRuntime } = await import("@/server/composition/web-runtime");
  const { ensureFirstAdmin } = await import("@/server/services/auth/ensure-first-admin");
  const { signInWithPassword } = await import("@/server/services/auth/sign-in-with-password");
  const { newId } = await import("@/server/domain/ids");
  const { encode } = await import("next-auth/jwt");
  const restRoute = await import("@/app/api/console/[...path]/route");
  const runtime = getRuntime();
  // The start-up steps of the instrumentation hook that matter here: the first admin, and the executor when asked.
  await ensureFirstAdmin(runtime.deps, runtime.config.firstAdmin);
  const executor = opts.runJobs ? await startExecutor(runtime) : undefined;

  const login = async (email: string, password: string, ip = "198.51.100.20") => {
    const { sessionId } = await signInWithPassword(runtime.deps, { email: email.toLowerCase(), password }, { ip, userAgent: "vitest" });
    const token = await encode({ token: { sid: sessionId }, secret: runtime.config.authSecret! });
    return { cookie: `kubebyon_session=${token}` };
  };

  return {
    db,
    runtime,
    login,
    rest: (method, path, init = {}) => {
      const headers = new Headers({ "x-forwarded-for": init.ip ?? "198.51.100.10" });
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.body !== undefined) headers.set("content-type", "application/json");
      const req = new Request(`${IN_PROCESS_BASE}/api/console${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      return restRoute[method](req);
    },
    createUser: async (email, password, role = "user") => {
      const id = newId("usr");
      await runtime.deps.db.user.create({ data: { id, email, name: email.split("@")[0]!, role, passwordHash: await runtime.deps.hasher.hash(password), emailVerifiedAt: new Date() } });
      return { id, ...(await login(email, password)) };
    },
    close: async () => {
      await executor?.stop();
      await runtime.close();
      await db.drop();
    },
  };
}

/** Only the job runner of startJobProcessing: the tests that need the node observer or notification delivery start them themselves. */
async function startExecutor(runtime: import("@/server/composition/runtime").Runtime) {
  const { startJobRunner } = await import("@/server/composition/job-processing");
  if (runtime.config.rabbitmqUrl) throw new Error("runJobs needs single-node mode: leave KUBEBYON_RABBITMQ_URL unset");
  return startJobRunner(runtime, `web-${runtime.config.workerId}`);
}
