import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import kubebyon from "./scripts/eslint/no-background-loops.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", ".cache/**", "test-results/**", "src/server/infra/db/generated/**", "e2e/kube-tools/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Periodic work runs on the background engine. Exempt: the engine itself, and the job runner's per-job lease
    // renewal (it lives and dies with one job attempt, inside the job engine).
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/services/background/**", "src/server/services/jobs/job-runner.ts", "src/server/**/*.test.ts", "src/server/**/*.integration-test.ts"],
    plugins: { kubebyon },
    rules: { "kubebyon/no-background-loops": "error" },
  },
];

export default config;
