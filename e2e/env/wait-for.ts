/** Polls `read` until `done` holds, failing with the last value after `timeoutMs`. */
export async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
