import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { appRouter } from "./root";

/**
 * trpc-to-openapi 3.3 switches zod's `coerce` on for every boolean (and
 * number/date) field of a REST input object — in place, on the shared schema,
 * so tRPC calls coerce too after the first REST request. A coerced boolean
 * reads the string "false" as true. Every boolean a client can send must
 * therefore be a strictBoolean (src/server/api/strict-boolean.ts), which the
 * adapter cannot coerce; this walks every procedure's input so a new
 * z.boolean() cannot slip in.
 */

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

function booleanFields(schema: AnySchema, at: string, found: string[]): void {
  const def = schema._zod.def;
  if (WRAPPERS.has(def.type)) return booleanFields(def.innerType as AnySchema, at, found);
  if (def.type === "pipe") return booleanFields(def.in as AnySchema, at, found);
  if (def.type === "boolean") {
    found.push(at);
    return;
  }
  if (def.type === "object") {
    for (const [key, field] of Object.entries(def.shape as Record<string, AnySchema>)) booleanFields(field, at ? `${at}.${key}` : key, found);
  } else if (def.type === "array") {
    booleanFields(def.element as AnySchema, `${at}[]`, found);
  } else if (def.type === "union") {
    for (const option of def.options as AnySchema[]) booleanFields(option, at, found);
  }
}

describe("REST inputs", () => {
  it("declare no coercible boolean field", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs?: AnySchema[] } }>;
    const offenders: string[] = [];
    for (const [path, procedure] of Object.entries(procedures)) {
      for (const input of procedure._def.inputs ?? []) {
        const found: string[] = [];
        booleanFields(input, "", found);
        offenders.push(...found.map((field) => `${path}: ${field}`));
      }
    }
    expect(offenders).toEqual([]);
  });
});
