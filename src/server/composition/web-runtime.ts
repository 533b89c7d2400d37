import { loadConfig } from "@/server/config/env";
import { buildRuntime, type Runtime } from "./runtime";

const KEY = Symbol.for("kubebyon.runtime");
type Holder = { [KEY]?: Runtime };

/**
 * The web process's runtime: the one process-wide singleton. Built lazily on
 * first use (never at build time) and kept on globalThis because Next.js gives
 * route handlers, pages and the instrumentation hook their own copy of each
 * module (and dev reloads re-evaluate them). Only entry points call this —
 * route handlers, pages, the instrumentation hook; everything below gets the
 * runtime or its deps as an argument.
 */
export function getRuntime(): Runtime {
  const holder = globalThis as Holder;
  holder[KEY] ??= buildRuntime(loadConfig(), { process: "kubebyon-web" });
  return holder[KEY];
}
