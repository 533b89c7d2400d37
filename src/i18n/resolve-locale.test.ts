import { describe, expect, it } from "vitest";
import { parseAcceptLanguage, resolveLocale } from "./resolve-locale";

describe("resolveLocale", () => {
  it("prefers a valid cookie over Accept-Language", () => {
    expect(resolveLocale("en", "zh-CN,zh;q=0.9")).toBe("en");
  });

  it("ignores an unknown cookie value and falls back to Accept-Language", () => {
    expect(resolveLocale("fr", "en-GB,en;q=0.8")).toBe("en");
  });

  it("honours quality values, not header order", () => {
    expect(resolveLocale(undefined, "en;q=0.5, zh-TW;q=0.9")).toBe("zh-CN");
  });

  it("skips languages we do not ship", () => {
    expect(resolveLocale(undefined, "de-DE, fr;q=0.9, en;q=0.1")).toBe("en");
  });

  it("defaults to zh-CN without cookie or usable header", () => {
    expect(resolveLocale(undefined, null)).toBe("zh-CN");
    expect(resolveLocale(undefined, "de, *;q=0.5")).toBe("zh-CN");
  });
});

describe("parseAcceptLanguage", () => {
  it("drops q=0 and keeps header order for ties", () => {
    expect(parseAcceptLanguage("en, zh;q=0, fr")).toEqual(["en", "fr"]);
  });
});
