import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@e2e": fileURLToPath(new URL("./e2e", import.meta.url)),
};

// Three projects: fast pure tests; integration tests against real PostgreSQL /
// RabbitMQ / kube-apiserver / helm; e2e tests (HTTP and Chromium) against the
// production build served by `next start`.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "worker/**/*.test.ts", "route-agent/**/*.test.ts", "scripts/**/*.test.ts", "e2e/env/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["src/**/*.integration-test.ts", "worker/**/*.integration-test.ts", "route-agent/**/*.integration-test.ts", "e2e/**/*.integration-test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 600_000,
          globalSetup: ["e2e/env/global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/http/**/*.e2e.ts", "e2e/browser/**/*.e2e.ts", "e2e/deployments/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 900_000,
          fileParallelism: false,
          globalSetup: ["e2e/env/global-setup.ts"],
        },
      },
    ],
  },
});
