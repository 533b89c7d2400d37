import pg from "pg";
import type { DbShape, ReferentialAction, TableShape } from "./db-shape";

// Reads the same facts Prisma expresses (enums, columns, PKs, indexes, FKs) from pg_catalog,
// rendered with PostgreSQL's own format_type / pg_get_expr so they compare as strings.

const FK_ACTIONS: Record<string, ReferentialAction> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

export interface IntrospectOptions {
  schema?: string;
  /** Tables that are not part of the Prisma model (e.g. the migration ledger). */
  ignoreTables?: readonly string[];
}

export async function introspectDatabase(
  connectionString: string,
  opts: IntrospectOptions = {},
): Promise<DbShape> {
  const schema = opts.schema ?? "public";
  const ignore = new Set(opts.ignoreTables ?? []);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const enums = await client.query<{ name: string; values: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
         FROM pg_type t
         JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = $1
        GROUP BY t.typname`,
      [schema],
    );
    const columns = await client.query<{
      table: string;
      column: string;
      type: string;
      nullable: boolean;
      default: string | null;
    }>(
      `SELECT c.relname AS table, a.attname AS column,
              format_type(a.atttypid, a.atttypmod) AS type,
              NOT a.attnotnull AS nullable,
              pg_get_expr(d.adbin, d.adrelid) AS default
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
        ORDER BY c.relname, a.attnum`,
      [schema],
    );
    const indexes = await client.query<{
      table: string;
      name: string;
      primary: boolean;
      unique: boolean;
      columns: string[];
    }>(
      `SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
              array(
                SELECT pg_get_indexdef(x.indexrelid, k.n::int, true)
                       || CASE WHEN (x.indoption[k.n - 1] & 1) = 1 THEN ' DESC' ELSE '' END
                  FROM generate_series(1, x.indnkeyatts) AS k(n)
                 ORDER BY k.n
              )::text[] AS columns
         FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = $1`,
      [schema],
    );
    const foreignKeys = await client.query<{
      table: string;
      name: string;
      columns: string[];
      referenced_table: string;
      referenced_columns: string[];
      on_delete: string;
      on_update: string;
    }>(
      `SELECT t.relname AS table, c.conname AS name,
              array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
                     ORDER BY k.ord)::text[] AS columns,
              r.relname AS referenced_table,
              array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum
                     ORDER BY k.ord)::text[] AS referenced_columns,
              c.confdeltype AS on_delete, c.confupdtype AS on_update
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_class r ON r.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = $1 AND c.contype = 'f'`,
      [schema],
    );

    const shape: DbShape = {
      enums: Object.fromEntries(enums.rows.map((e) => [e.name, e.values])),
      tables: {},
    };
    const table = (name: string): TableShape | undefined => {
      if (ignore.has(name)) return undefined;
      shape.tables[name] ??= { columns: {}, primaryKey: null, indexes: {}, foreignKeys: {} };
      return shape.tables[name];
    };
    for (const c of columns.rows) {
      const t = table(c.table);
      if (t) t.columns[c.column] = { type: c.type, nullable: c.nullable, default: c.default };
    }
    for (const i of indexes.rows) {
      const t = table(i.table);
      if (!t) continue;
      const cols = i.columns.map(unquote);
      if (i.primary) t.primaryKey = { name: i.name, columns: cols };
      else t.indexes[i.name] = { unique: i.unique, columns: cols };
    }
    for (const f of foreignKeys.rows) {
      const t = table(f.table);
      if (!t) continue;
      t.foreignKeys[f.name] = {
        columns: f.columns,
        referencedTable: f.referenced_table,
        referencedColumns: f.referenced_columns,
        onDelete: FK_ACTIONS[f.on_delete] ?? "NO ACTION",
        onUpdate: FK_ACTIONS[f.on_update] ?? "NO ACTION",
      };
    }
    return shape;
  } finally {
    await client.end();
  }
}

// pg_get_indexdef quotes identifiers that need it ("userId"); the shapes use bare names.
function unquote(column: string): string {
  return column.replace(/^"((?:[^"]|"")*)"/, (_, inner: string) => inner.replace(/""/g, '"'));
}
