import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderGeneratedFiles } from "./config/generate";

/**
 * `npm run config:generate`: writes the files derived from the registry of environment variables
 * (src/server/config/settings.ts) — docs/configuration.md's tables, both charts' values.schema.json,
 * the three .env.example files. scripts/config/generate.test.ts fails while one of them is stale.
 */
const root = path.resolve(import.meta.dirname, "..");

for (const file of await renderGeneratedFiles(root)) {
  const target = path.join(root, file.path);
  const current = await readFile(target, "utf8").catch(() => undefined);
  if (current === file.content) continue;
  await writeFile(target, file.content);
  process.stdout.write(`config:generate: wrote ${file.path}\n`);
}
