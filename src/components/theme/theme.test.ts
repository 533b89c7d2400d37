import { describe, expect, it } from "vitest";
import { THEME_BOOT_SCRIPT, parseThemePreference, themeCookie } from "./theme";

describe("theme preference", () => {
  it("accepts the three known values and falls back to system", () => {
    expect(parseThemePreference("dark")).toBe("dark");
    expect(parseThemePreference("light")).toBe("light");
    expect(parseThemePreference("purple")).toBe("system");
    expect(parseThemePreference(undefined)).toBe("system");
  });

  it("boot script applies the class the cookie asks for", () => {
    const run = (cookie: string, prefersDark: boolean): boolean => {
      const classes = new Set<string>();
      const document = {
        cookie,
        documentElement: { classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) } },
      };
      const window = { matchMedia: () => ({ matches: prefersDark }) };
      new Function("document", "window", THEME_BOOT_SCRIPT)(document, window);
      return classes.has("dark");
    };
    expect(run(themeCookie("dark").split(";")[0] ?? "", false)).toBe(true);
    expect(run("other=1; kubebyon_theme=light", true)).toBe(false);
    expect(run("kubebyon_theme=system", true)).toBe(true);
    expect(run("", false)).toBe(false);
  });
});
