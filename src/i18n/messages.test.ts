import { describe, expect, it } from "vitest";
import { CATALOG_PARTS, MESSAGES } from "./messages";

type Catalog = { [key: string]: string | Catalog };

/** Flattens a nested catalog into "a.b.c" -> message. */
function flatten(catalog: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)/g)].map((m) => m[1] ?? "").sort();
}

const catalogs = { en: flatten(MESSAGES.en as Catalog), "zh-CN": flatten(MESSAGES["zh-CN"] as Catalog) };

describe("message catalogs", () => {
  it("never define the same top-level key in two area files (a later file would silently win)", () => {
    for (const [locale, parts] of Object.entries(CATALOG_PARTS)) {
      const owners = new Map<string, string[]>();
      for (const [area, part] of Object.entries(parts)) for (const key of Object.keys(part)) owners.set(key, [...(owners.get(key) ?? []), area]);
      const repeated = [...owners].filter(([, areas]) => areas.length > 1).map(([key, areas]) => `${locale}:${key} in ${areas.join(", ")}`);
      expect(repeated).toEqual([]);
    }
  });

  it("have exactly the same keys", () => {
    expect([...catalogs.en.keys()].sort()).toEqual([...catalogs["zh-CN"].keys()].sort());
  });

  it("have no empty values", () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = [...messages].filter(([, value]) => value.trim() === "").map(([key]) => `${locale}:${key}`);
      expect(empty).toEqual([]);
    }
  });

  it("use the same placeholders for every key", () => {
    const mismatched = [...catalogs.en].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(catalogs["zh-CN"].get(key) ?? "").join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
