import type { Logger } from "@/server/observability/logger";

/** The slice of the process logger the job machinery needs (tests pass a silent one). */
export type JobLogger = Pick<Logger, "debug" | "info" | "warn" | "error">;

export const silentJobLogger: JobLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
