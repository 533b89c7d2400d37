import type { DbShape, ForeignKeyShape, IndexShape, TableShape } from "./db-shape";

// Compares what schema.prisma declares ("expected") with what the migrations build ("actual").
// Every message names the object, says which side has what, and what to do about it.

const ADD_MIGRATION = "add a migration in prisma/migrations";
const FIX_ONE_SIDE = "change schema.prisma or add a migration so both agree";

const show = (v: unknown): string => JSON.stringify(v);

function keysOnlyIn(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return Object.keys(a)
    .filter((k) => !(k in b))
    .sort();
}

function indexSpec(i: IndexShape): string {
  return `${i.unique ? "UNIQUE " : ""}(${i.columns.join(", ")})`;
}

function fkSpec(f: ForeignKeyShape): string {
  return `(${f.columns.join(", ")}) -> ${f.referencedTable}(${f.referencedColumns.join(", ")}) ON DELETE ${f.onDelete} ON UPDATE ${f.onUpdate}`;
}

function diffTable(name: string, expected: TableShape, actual: TableShape): string[] {
  const out: string[] = [];
  for (const c of keysOnlyIn(expected.columns, actual.columns)) {
    out.push(`column ${name}.${c} is in schema.prisma but not in the migrations — ${ADD_MIGRATION}`);
  }
  for (const c of keysOnlyIn(actual.columns, expected.columns)) {
    out.push(
      `column ${name}.${c} is in the migrations but not in schema.prisma — add the field to model ${expected.model ?? name} or a migration that drops the column`,
    );
  }
  for (const [c, e] of Object.entries(expected.columns)) {
    const a = actual.columns[c];
    if (!a) continue;
    if (e.type !== a.type) {
      out.push(`column ${name}.${c} has type ${a.type} in the migrations but schema.prisma expects ${e.type} — ${FIX_ONE_SIDE}`);
    }
    if (e.nullable !== a.nullable) {
      const want = (n: boolean): string => (n ? "nullable" : "NOT NULL");
      out.push(
        `column ${name}.${c} is ${want(a.nullable)} in the migrations but ${want(e.nullable)} in schema.prisma — ${FIX_ONE_SIDE}`,
      );
    }
    if (e.default !== a.default) {
      out.push(
        `column ${name}.${c} has default ${a.default ?? "(none)"} in the migrations but schema.prisma expects ${e.default ?? "(none)"} — ${FIX_ONE_SIDE}`,
      );
    }
  }

  if (show(expected.primaryKey) !== show(actual.primaryKey)) {
    const fmt = (pk: TableShape["primaryKey"]): string => (pk ? `${pk.name} (${pk.columns.join(", ")})` : "none");
    out.push(
      `primary key of ${name} is ${fmt(actual.primaryKey)} in the migrations but schema.prisma expects ${fmt(expected.primaryKey)} — ${FIX_ONE_SIDE}`,
    );
  }

  for (const i of keysOnlyIn(expected.indexes, actual.indexes)) {
    out.push(`index ${i} ${indexSpec(expected.indexes[i]!)} on ${name} is in schema.prisma but not in the migrations — ${ADD_MIGRATION}`);
  }
  for (const i of keysOnlyIn(actual.indexes, expected.indexes)) {
    out.push(
      `index ${i} ${indexSpec(actual.indexes[i]!)} on ${name} is in the migrations but not in schema.prisma — declare it with @@index/@@unique or drop it in a migration`,
    );
  }
  for (const [i, e] of Object.entries(expected.indexes)) {
    const a = actual.indexes[i];
    if (a && indexSpec(a) !== indexSpec(e)) {
      out.push(`index ${i} on ${name} is ${indexSpec(a)} in the migrations but schema.prisma expects ${indexSpec(e)} — ${FIX_ONE_SIDE}`);
    }
  }

  for (const f of keysOnlyIn(expected.foreignKeys, actual.foreignKeys)) {
    out.push(`foreign key ${f} ${fkSpec(expected.foreignKeys[f]!)} is in schema.prisma but not in the migrations — ${ADD_MIGRATION}`);
  }
  for (const f of keysOnlyIn(actual.foreignKeys, expected.foreignKeys)) {
    out.push(
      `foreign key ${f} ${fkSpec(actual.foreignKeys[f]!)} is in the migrations but not in schema.prisma — declare the @relation or drop it in a migration`,
    );
  }
  for (const [f, e] of Object.entries(expected.foreignKeys)) {
    const a = actual.foreignKeys[f];
    if (a && fkSpec(a) !== fkSpec(e)) {
      out.push(`foreign key ${f} is ${fkSpec(a)} in the migrations but schema.prisma expects ${fkSpec(e)} — ${FIX_ONE_SIDE}`);
    }
  }
  return out;
}

export function diffDbShapes(expected: DbShape, actual: DbShape): string[] {
  const out: string[] = [];
  for (const e of keysOnlyIn(expected.enums, actual.enums)) {
    out.push(`enum ${e} is in schema.prisma but not in the migrations — ${ADD_MIGRATION} (CREATE TYPE)`);
  }
  for (const e of keysOnlyIn(actual.enums, expected.enums)) {
    out.push(`enum ${e} is in the migrations but not in schema.prisma — declare it or drop the type in a migration`);
  }
  for (const [e, values] of Object.entries(expected.enums)) {
    const a = actual.enums[e];
    if (a && show(a) !== show(values)) {
      out.push(
        `enum ${e} has values ${show(a)} in the migrations but schema.prisma declares ${show(values)} (order matters) — ${FIX_ONE_SIDE} (ALTER TYPE ... ADD VALUE)`,
      );
    }
  }

  for (const t of keysOnlyIn(expected.tables, actual.tables)) {
    out.push(`table ${t} (model ${expected.tables[t]!.model ?? t}) is in schema.prisma but not in the migrations — ${ADD_MIGRATION}`);
  }
  for (const t of keysOnlyIn(actual.tables, expected.tables)) {
    out.push(`table ${t} is in the migrations but not in schema.prisma — add a model for it or a migration that drops it`);
  }
  for (const [t, e] of Object.entries(expected.tables)) {
    const a = actual.tables[t];
    if (a) out.push(...diffTable(t, e, a));
  }
  return out;
}
