import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATE_COMMAND, renderGeneratedFiles } from "./generate";

const root = path.resolve(import.meta.dirname, "../..");

describe("files generated from the registry of environment variables", () => {
  it(`are up to date (else: run ${GENERATE_COMMAND})`, async () => {
    const stale: string[] = [];
    for (const file of await renderGeneratedFiles(root)) {
      const current = await readFile(path.join(root, file.path), "utf8").catch(() => "");
      if (current !== file.content) stale.push(file.path);
    }
    expect(stale, `stale generated files: run ${GENERATE_COMMAND}`).toEqual([]);
  });
});
