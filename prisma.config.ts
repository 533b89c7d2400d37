import { defineConfig } from "prisma/config";

// The runtime reads DATABASE_URL through src/server/config/env.ts; the CLI only needs it for
// commands that talk to a database (generate does not), so a local default keeps generate working.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/kubebyon",
  },
});
