/**
 * "Run this task now" for the request paths of a process. Where the process runs the background engine, the hub is
 * attached to its scheduler and a request becomes trigger(name): one pass, folded with others asked for meanwhile.
 * Where it does not (the web process beside workers), trigger() answers false and the caller runs its pass itself.
 */
export class TaskTriggers {
  private target: { trigger(name: string): boolean } | undefined;

  attach(target: { trigger(name: string): boolean }): void {
    this.target = target;
  }

  detach(target: { trigger(name: string): boolean }): void {
    if (this.target === target) this.target = undefined;
  }

  /** true when a scheduler of this process took the request. */
  trigger(name: string): boolean {
    return this.target?.trigger(name) ?? false;
  }
}
