import type { JobHandler } from "./job-handler";

/** Maps a job kind to the code that runs it. */
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  constructor(handlers: Record<string, JobHandler> = {}) {
    for (const [kind, handler] of Object.entries(handlers)) this.register(kind, handler);
  }

  register(kind: string, handler: JobHandler): this {
    if (this.handlers.has(kind)) throw new Error(`a handler for job kind '${kind}' is already registered`);
    this.handlers.set(kind, handler);
    return this;
  }

  get(kind: string): JobHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
