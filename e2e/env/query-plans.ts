import pg from "pg";
import { pgPoolOf, prismaClientOnPool, type Db, type PrismaClient } from "@/server/infra/db/client";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A Prisma client that records every SQL statement it sends — through Prisma, and the hot statements sent on its
 * pool directly (pgPoolOf) — so a test can run a use case as production does and then EXPLAIN exactly what it
 * asked PostgreSQL.
 */
export function recordingPrismaClient(connectionString: string): { db: Db; queries: CapturedQuery[]; close(): Promise<void> } {
  const queries: CapturedQuery[] = [];
  const pool = new pg.Pool({ connectionString, max: 2 });
  const db = prismaClientOnPool(pool, [{ emit: "event", level: "query" }]);
  (db as unknown as PrismaClient<"query">).$on("query", (e) => {
    queries.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] });
  });
  const hot = pgPoolOf(db);
  const query = hot.query.bind(hot) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  // Only the hot statements are named query configs; Prisma's adapter sends its own on pooled clients.
  hot.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config === "object" && config !== null && "name" in config) {
      const named = config as pg.QueryConfig;
      queries.push({ sql: named.text, params: named.values ?? [] });
      return query(named);
    }
    return (query as (...args: unknown[]) => Promise<pg.QueryResult>)(config, ...rest);
  }) as typeof hot.query;
  return { db, queries, close: () => db.$disconnect() };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** The plan's scans: which table each reads and how ("Seq Scan", "Index Scan", …, with the index). */
export async function scansOf(client: pg.Client, query: CapturedQuery): Promise<Array<{ table: string; type: string; index?: string }>> {
  const { rows } = await client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
  const plan = rows[0]!["QUERY PLAN"][0]!.Plan;
  return [...walk(plan)].filter((n) => n["Relation Name"]).map((n) => ({ table: n["Relation Name"]!, type: n["Node Type"], index: n["Index Name"] }));
}
