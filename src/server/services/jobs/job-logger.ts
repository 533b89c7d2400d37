export type LogFields = Record<string, unknown>;

/** The slice of a structured logger the job machinery needs; the worker writes JSON lines. */
export interface JobLogger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const silentJobLogger: JobLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
