import { describe, expect, it } from "vitest";
import en from "./messages/en.json";
import zhCN from "./messages/zh-CN.json";

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

const catalogs = { en: flatten(en), "zh-CN": flatten(zhCN) };

describe("message catalogs", () => {
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
