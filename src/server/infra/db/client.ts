import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

// Model types (User, Cluster, ClusterJob, ...), enums (ClusterStatus, UserRole, ...) and the
// Prisma namespace (Prisma.ClusterWhereInput, Prisma.JsonValue, error classes) come from here,
// so no other module imports the generated folder directly.
export * from "./generated/prisma/client";

export type Db = PrismaClient;

// One client per process (web, worker, test); each owns its own pg pool through the adapter.
export function createPrismaClient(connectionString: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}
