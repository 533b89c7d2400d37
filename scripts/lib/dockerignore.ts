// .dockerignore matching as Docker's build context does it (moby/patternmatcher): patterns are
// paths relative to the context root, `*` and `?` stay inside one path segment, `**` spans any
// number, a pattern that matches a directory excludes everything below it, and a later `!pattern`
// re-includes. The last matching pattern wins.

interface Rule {
  negate: boolean;
  re: RegExp;
}

function toRegExp(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      // `**/` also matches zero segments.
      if (pattern[i + 2] === "/") {
        out += "(?:.*/)?";
        i += 2;
      } else {
        out += ".*";
        i += 1;
      }
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}(?:/.*)?$`);
}

function clean(p: string): string {
  return p.replace(/^\.?\//, "").replace(/\/+$/, "");
}

export function parseDockerignore(text: string): Rule[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const negate = l.startsWith("!");
      return { negate, re: toRegExp(clean(negate ? l.slice(1).trim() : l)) };
    });
}

/** True when the context path (relative to the context root) is left out of the build context. */
export function isExcluded(rules: Rule[], contextPath: string): boolean {
  const p = clean(contextPath);
  let excluded = false;
  for (const rule of rules) if (rule.re.test(p)) excluded = !rule.negate;
  return excluded;
}
