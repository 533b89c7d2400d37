// A database schema reduced to what both Prisma and PostgreSQL can describe, in PostgreSQL's own
// spelling (format_type / pg_get_expr output), so the two sides compare as plain strings.

export interface ColumnShape {
  /** e.g. `text`, `integer`, `timestamp(6) with time zone`, `text[]`, `"ClusterStatus"` */
  type: string;
  nullable: boolean;
  /** e.g. `CURRENT_TIMESTAMP`, `0`, `'{}'::jsonb`, `'pending'::"ClusterJobStatus"`; null when none */
  default: string | null;
}

export interface PrimaryKeyShape {
  name: string;
  columns: string[];
}

export interface IndexShape {
  unique: boolean;
  /** Column names, with ` DESC` appended for descending columns. */
  columns: string[];
}

export type ReferentialAction = "CASCADE" | "RESTRICT" | "SET NULL" | "NO ACTION" | "SET DEFAULT";

export interface ForeignKeyShape {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export interface TableShape {
  /** Model name when the shape comes from schema.prisma; used only in messages. */
  model?: string;
  columns: Record<string, ColumnShape>;
  primaryKey: PrimaryKeyShape | null;
  /** Keyed by index name; excludes the primary key index. */
  indexes: Record<string, IndexShape>;
  /** Keyed by constraint name. */
  foreignKeys: Record<string, ForeignKeyShape>;
}

export interface DbShape {
  /** Enum type name -> values in declaration order. */
  enums: Record<string, string[]>;
  tables: Record<string, TableShape>;
}
