import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type BrowserContextOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.KUBEBYON_CHROMIUM_PATH ?? "/usr/bin/chromium";

// Quiet, offline-friendly Chromium: nothing here may reach the network on its own.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium (never a downloaded browser) with a fresh profile directory that is
 * removed on close, so no cookie or cache leaks between test files.
 */
export async function launchBrowser(options: BrowserContextOptions = {}): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "kubebyon-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      ...options,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw new Error(`could not launch Chromium at ${CHROMIUM_PATH} (install the Debian "chromium" package or set KUBEBYON_CHROMIUM_PATH)`, {
      cause: error,
    });
  }
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
