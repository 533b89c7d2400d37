import type pg from "pg";

/**
 * Bulk rows for list tests and benchmarks, written with generate_series in one statement per table: thousands
 * of rows in milliseconds, shaped like the platform's own (ids with their prefix, created_at at millisecond
 * precision as Prisma writes it, one second apart, newest first by index).
 */
export interface SeededUsers {
  ids: string[];
}

const stamp = (i: string) => `date_trunc('milliseconds', now()) - (${i} * interval '1 second')`;

export async function seedUsers(db: pg.Pool | pg.Client, input: { count: number; prefix: string }): Promise<SeededUsers> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (id, email, name, updated_at, created_at)
     SELECT 'usr_' || $1 || i, $1 || i || '@seed.example.test', 'Seed user ' || i, now(), ${stamp("i")}
     FROM generate_series(1, $2::int) AS i RETURNING id`,
    [input.prefix, input.count],
  );
  return { ids: rows.map((r) => r.id) };
}

/** `perOwner` clusters for each owner, spread over the statuses a platform has (a few deleted ones included). */
export async function seedClusters(db: pg.Pool | pg.Client, input: { ownerIds: string[]; perOwner: number; prefix: string }): Promise<number> {
  const res = await db.query(
    `INSERT INTO clusters (id, owner_id, name, vcluster_name, namespace, status, updated_at, created_at)
     SELECT 'cl_' || $1 || o.n || '_' || i, o.id, 'seed-' || o.n || '-' || i, 'vc-' || $1 || o.n || '-' || i, 'kb-' || $1 || o.n || '-' || i,
            (CASE WHEN i % 50 = 0 THEN 'deleted' WHEN i % 10 = 0 THEN 'provisioning' ELSE 'ready' END)::"ClusterStatus",
            now(), ${stamp("(i * 1000 + o.n)")}
     FROM unnest($2::text[]) WITH ORDINALITY AS o(id, n), generate_series(1, $3::int) AS i`,
    [input.prefix, input.ownerIds, input.perOwner],
  );
  return res.rowCount ?? 0;
}

/** Audit rows, `perActor` for each actor. */
export function seedAuditEvents(db: pg.Pool | pg.Client, input: { actorIds: string[]; perActor: number; prefix: string }): Promise<number> {
  return seedChildRows(db, {
    table: "audit_events",
    idPrefix: `aud_${input.prefix}`,
    parentIds: input.actorIds,
    perParent: input.perActor,
    columns: { actor_user_id: "p.id", action: "'cluster.update'", target_type: "'cluster'", target_id: "'cl_seed'" },
  });
}

/** One plan for seeded orders to refer to. */
export async function seedPlan(db: pg.Pool | pg.Client, id: string): Promise<string> {
  await db.query("INSERT INTO plans (id, code, name, cluster_quota, node_quota, updated_at) VALUES ($1, $1, 'Seed plan', 10, 10, now())", [id]);
  return id;
}

/** `perUser` orders for each user on one plan, most of them paid. */
export function seedOrders(db: pg.Pool | pg.Client, input: { userIds: string[]; perUser: number; planId: string; prefix: string }): Promise<number> {
  return seedChildRows(db, {
    table: "orders",
    idPrefix: `ord_${input.prefix}`,
    parentIds: input.userIds,
    perParent: input.perUser,
    columns: {
      user_id: "p.id",
      plan_id: `'${input.planId.replace(/'/g, "''")}'`,
      amount_cents: "1000",
      currency: "'USD'",
      status: `(CASE WHEN i % 5 = 0 THEN 'pending' ELSE 'paid' END)::"OrderStatus"`,
      updated_at: "now()",
    },
  });
}

/** `perUser` sent email deliveries for each user. */
export function seedDeliveries(db: pg.Pool | pg.Client, input: { userIds: string[]; perUser: number; prefix: string }): Promise<number> {
  return seedChildRows(db, {
    table: "notification_deliveries",
    idPrefix: `ntf_${input.prefix}`,
    parentIds: input.userIds,
    perParent: input.perUser,
    columns: { user_id: "p.id", channel: "'email'", event: "'cluster.ready'", recipient: "'seed@example.test'", status: "'sent'", attempts: "1", updated_at: "now()" },
  });
}

/**
 * `perParent` rows in `table` for each parent id (a cluster or a user), for the per-cluster and per-user lists.
 * `columns` are SQL expressions over `p.id` (the parent), `p.n` (its position) and `i` (the row's number).
 */
export async function seedChildRows(
  db: pg.Pool | pg.Client,
  input: { table: string; idPrefix: string; parentIds: string[]; perParent: number; columns: Record<string, string> },
): Promise<number> {
  const names = Object.keys(input.columns);
  const res = await db.query(
    `INSERT INTO "${input.table}" (id, created_at, ${names.map((n) => `"${n}"`).join(", ")})
     SELECT $1 || p.n || '_' || i, ${stamp("(i * 1000 + p.n)")}, ${names.map((n) => input.columns[n]).join(", ")}
     FROM unnest($2::text[]) WITH ORDINALITY AS p(id, n), generate_series(1, $3::int) AS i`,
    [input.idPrefix, input.parentIds, input.perParent],
  );
  return res.rowCount ?? 0;
}
