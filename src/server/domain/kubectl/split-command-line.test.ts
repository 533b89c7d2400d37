import { describe, expect, it } from "vitest";
import { splitCommandLine } from "./split-command-line";

describe("splitCommandLine", () => {
  it.each<[string, string[]]>([
    ["get pods", ["get", "pods"]],
    ["  get \t pods  ", ["get", "pods"]],
    ["get pods -o jsonpath='{.items[*].metadata.name}'", ["get", "pods", "-o", "jsonpath={.items[*].metadata.name}"]],
    [`get pods -l "app in (web, api)"`, ["get", "pods", "-l", "app in (web, api)"]],
    [`get pods -o "jsonpath={.items[?(@.x==\\"a\\")]}"`, ["get", "pods", "-o", 'jsonpath={.items[?(@.x=="a")]}']],
    ["get 'a b'c\"d e\"", ["get", "a bcd e"]],
    ["get ''", ["get", ""]],
    ['get ""', ["get", ""]],
    ["get a\\ b", ["get", "a b"]],
    ["get \\|", ["get", "|"]],
    ["get '|;&><`$(x)'", ["get", "|;&><`$(x)"]],
    ['get "a|b;c&d>e<f"', ["get", "a|b;c&d>e<f"]],
    ['get "\\$HOME" "$HOME"', ["get", "$HOME", "$HOME"]],
    ['get "a\\b"', ["get", "a\\b"]],
    ["get pods \\\n -A", ["get", "pods", "-A"]],
    ["", []],
  ])("%j -> %j", (line, argv) => {
    expect(splitCommandLine(line)).toEqual({ ok: true, argv });
  });

  it.each<[string, RegExp]>([
    ["get pods | grep web", /pipe/],
    ["get pods; delete ns x", /command separator/],
    ["get pods && delete ns x", /background\/chain/],
    ["get pods & ", /background\/chain/],
    ["get pods > /tmp/out", /output redirect/],
    ["get pods < /etc/passwd", /input redirect/],
    ["get pods `rm -rf /`", /command substitution/],
    ["get pods $(whoami)", /command substitution/],
    ["get pods-$(whoami)", /command substitution/],
    ['get "$(whoami)"', /inside double quotes/],
    ['get "`whoami`"', /inside double quotes/],
    ["get pods\ndelete ns x", /line break/],
    ["get pods\r\n", /line break/],
    ["get 'pods", /unterminated single quote/],
    ['get "pods', /unterminated double quote/],
    ["get pods\\", /trailing backslash/],
  ])("rejects %j", (line, reason) => {
    const result = splitCommandLine(line);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
      expect(result.reason).toMatch(/without a shell|Close the quote|Remove it/);
    }
  });
});
