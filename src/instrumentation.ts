/**
 * Next.js calls register() once when the server starts. Only the Node.js
 * runtime does real work; the import is dynamic so edge bundles and
 * `next build` never load database or Kubernetes code.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWebBackground } = await import("@/server/composition/start-web-background");
  try {
    await startWebBackground();
  } catch (error) {
    const { ConfigError } = await import("@/server/config/env");
    if (error instanceof ConfigError) {
      process.stderr.write(`kubebyon: ${error.message}\n`);
    } else {
      process.stderr.write(`kubebyon: start-up failed: ${(error as Error).stack ?? String(error)}\n`);
    }
    process.exit(1);
  }
}
