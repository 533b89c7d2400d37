import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { ColumnShape, DbShape, ForeignKeyShape, ReferentialAction } from "./db-shape";

// The datamodel comes from Prisma's own schema parser (the Wasm build of prisma-fmt that the CLI
// uses for getDMMF), so @map/@@map/@default/@@index are interpreted exactly as Prisma does.
// Names follow Prisma Migrate's defaults for PostgreSQL: <table>_pkey, <table>_<cols>_key,
// <table>_<cols>_idx, <table>_<cols>_fkey.

const defaultValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ name: z.string(), args: z.array(z.unknown()) }),
  z.array(z.unknown()),
]);

const fieldSchema = z.object({
  name: z.string(),
  dbName: z.string().nullish(),
  kind: z.enum(["scalar", "enum", "object", "unsupported"]),
  type: z.string(),
  isList: z.boolean(),
  isRequired: z.boolean(),
  isUpdatedAt: z.boolean().optional(),
  hasDefaultValue: z.boolean(),
  default: defaultValue.optional(),
  nativeType: z.tuple([z.string(), z.array(z.string())]).nullish(),
  relationFromFields: z.array(z.string()).optional(),
  relationToFields: z.array(z.string()).optional(),
  relationOnDelete: z.string().optional(),
  relationOnUpdate: z.string().optional(),
});
type DmmfField = z.infer<typeof fieldSchema>;

const modelSchema = z.object({
  name: z.string(),
  dbName: z.string().nullish(),
  fields: z.array(fieldSchema),
});
type DmmfModel = z.infer<typeof modelSchema>;

const dmmfSchema = z.object({
  datamodel: z.object({
    enums: z.array(
      z.object({
        name: z.string(),
        dbName: z.string().nullish(),
        values: z.array(z.object({ name: z.string(), dbName: z.string().nullish() })),
      }),
    ),
    models: z.array(modelSchema),
    indexes: z.array(
      z.object({
        model: z.string(),
        type: z.enum(["id", "normal", "unique", "fulltext"]),
        dbName: z.string().nullish(),
        fields: z.array(z.object({ name: z.string(), sortOrder: z.enum(["asc", "desc"]).optional() })),
      }),
    ),
  }),
});
type Dmmf = z.infer<typeof dmmfSchema>;

const POSTGRES_MAX_IDENTIFIER = 63;

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

const ACTIONS: Record<string, ReferentialAction> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  SetNull: "SET NULL",
  NoAction: "NO ACTION",
  SetDefault: "SET DEFAULT",
};

export function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

function nativeTypeToPostgres([name, args]: [string, string[]]): string {
  const a = args.join(",");
  switch (name) {
    case "Timestamptz":
      return `timestamp(${a || "6"}) with time zone`;
    case "Timestamp":
      return `timestamp(${a || "6"}) without time zone`;
    case "Time":
      return `time(${a || "6"}) without time zone`;
    case "VarChar":
      return a ? `character varying(${a})` : "character varying";
    case "Char":
      return `character(${a || "1"})`;
    case "Decimal":
      return a ? `numeric(${a})` : "numeric";
    case "Text":
      return "text";
    case "Uuid":
      return "uuid";
    case "Date":
      return "date";
    case "Integer":
      return "integer";
    case "SmallInt":
      return "smallint";
    case "BigInt":
      return "bigint";
    case "DoublePrecision":
      return "double precision";
    case "Real":
      return "real";
    case "JsonB":
      return "jsonb";
    case "Json":
      return "json";
    case "Inet":
      return "inet";
    case "Citext":
      return "citext";
    default:
      throw new Error(
        `schema drift check does not know the native type @db.${name}; add it to nativeTypeToPostgres in ${import.meta.url}`,
      );
  }
}

function expectedDefault(model: DmmfModel, field: DmmfField, type: string): string | null {
  // @updatedAt is set by Prisma Client, and cuid()/uuid()/nanoid() are generated client-side too.
  if (!field.hasDefaultValue || field.isUpdatedAt || field.default === undefined) return null;
  const d = field.default;
  const where = `${model.name}.${field.name}`;
  if (Array.isArray(d)) {
    if (d.length === 0) return `ARRAY[]::${type}`;
    throw new Error(`schema drift check supports only empty list defaults (${where})`);
  }
  if (typeof d === "object") {
    if (d.name === "now") return "CURRENT_TIMESTAMP";
    if (d.name === "dbgenerated" && typeof d.args[0] === "string") return d.args[0];
    if (["cuid", "uuid", "nanoid", "ulid"].includes(d.name)) return null;
    throw new Error(`schema drift check does not support @default(${d.name}()) (${where})`);
  }
  if (typeof d === "boolean") return String(d);
  if (typeof d === "number") return d < 0 ? `'${d}'::${type}` : String(d);
  if (field.type === "DateTime") {
    throw new Error(`schema drift check does not support literal DateTime defaults (${where})`);
  }
  return `'${d.replace(/'/g, "''")}'::${type}`;
}

function columnName(model: DmmfModel, fieldName: string): string {
  const f = model.fields.find((x) => x.name === fieldName);
  if (!f) throw new Error(`model ${model.name} has no field ${fieldName}`);
  return f.dbName ?? f.name;
}

function checkedName(name: string, what: string): string {
  if (name.length > POSTGRES_MAX_IDENTIFIER) {
    throw new Error(
      `${what} name ${name} is longer than PostgreSQL's ${POSTGRES_MAX_IDENTIFIER} characters; give it an explicit map: "..." in schema.prisma`,
    );
  }
  return name;
}

export function shapeFromDmmf(dmmf: Dmmf): DbShape {
  const { enums, models, indexes } = dmmf.datamodel;
  const enumDbNames = new Map(enums.map((e) => [e.name, e.dbName ?? e.name]));
  const modelsByName = new Map(models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel): string => m.dbName ?? m.name;

  const shape: DbShape = {
    enums: Object.fromEntries(
      enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
    ),
    tables: {},
  };

  for (const model of models) {
    const table = tableOf(model);
    const columns: Record<string, ColumnShape> = {};
    for (const f of model.fields) {
      if (f.kind === "object") continue;
      if (f.kind === "unsupported") {
        throw new Error(`schema drift check does not support Unsupported() fields (${model.name}.${f.name})`);
      }
      const enumName = f.kind === "enum" ? enumDbNames.get(f.type) : undefined;
      const base = enumName
        ? quoteIdent(enumName)
        : f.nativeType
          ? nativeTypeToPostgres(f.nativeType)
          : SCALAR_TYPES[f.type];
      if (!base) throw new Error(`schema drift check does not know Prisma type ${f.type} (${model.name}.${f.name})`);
      const type = f.isList ? `${base}[]` : base;
      // Prisma Migrate never marks scalar lists NOT NULL.
      columns[f.dbName ?? f.name] = {
        type,
        nullable: f.isList || !f.isRequired,
        default: expectedDefault(model, f, type),
      };
    }

    const foreignKeys: Record<string, ForeignKeyShape> = {};
    for (const f of model.fields) {
      if (f.kind !== "object" || !f.relationFromFields?.length) continue;
      const target = modelsByName.get(f.type);
      if (!target) throw new Error(`relation ${model.name}.${f.name} points at unknown model ${f.type}`);
      const cols = f.relationFromFields.map((n) => columnName(model, n));
      const onDelete = f.relationOnDelete ?? (f.isRequired ? "Restrict" : "SetNull");
      const onUpdate = f.relationOnUpdate ?? "Cascade";
      foreignKeys[checkedName(`${table}_${cols.join("_")}_fkey`, "foreign key")] = {
        columns: cols,
        referencedTable: tableOf(target),
        referencedColumns: (f.relationToFields ?? []).map((n) => columnName(target, n)),
        onDelete: ACTIONS[onDelete] ?? "NO ACTION",
        onUpdate: ACTIONS[onUpdate] ?? "NO ACTION",
      };
    }

    shape.tables[table] = { model: model.name, columns, primaryKey: null, indexes: {}, foreignKeys };
  }

  for (const idx of indexes) {
    const model = modelsByName.get(idx.model);
    const table = model && shape.tables[tableOf(model)];
    if (!model || !table) continue;
    const cols = idx.fields.map((f) => columnName(model, f.name));
    if (idx.type === "id") {
      table.primaryKey = { name: checkedName(idx.dbName ?? `${tableOf(model)}_pkey`, "primary key"), columns: cols };
      continue;
    }
    if (idx.type === "fulltext") throw new Error(`schema drift check does not support fulltext indexes (${model.name})`);
    const suffix = idx.type === "unique" ? "key" : "idx";
    const name = checkedName(idx.dbName ?? `${tableOf(model)}_${cols.join("_")}_${suffix}`, "index");
    table.indexes[name] = {
      unique: idx.type === "unique",
      columns: idx.fields.map((f, i) => `${cols[i]}${f.sortOrder === "desc" ? " DESC" : ""}`),
    };
  }
  return shape;
}

export async function loadDmmf(schemaPath: string): Promise<Dmmf> {
  const prismaSchema = await readFile(schemaPath, "utf8");
  // Dev-only dependency, loaded lazily so nothing in the runtime graph pulls in the Wasm module.
  const wasm = await import("@prisma/prisma-schema-wasm");
  const raw: unknown = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema })));
  return dmmfSchema.parse(raw);
}

export async function expectedShapeFromPrismaSchema(schemaPath: string): Promise<DbShape> {
  return shapeFromDmmf(await loadDmmf(schemaPath));
}
