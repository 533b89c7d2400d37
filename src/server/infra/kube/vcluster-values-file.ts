import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import { AppError } from "@/server/domain/errors";

/** Reads KUBEBYON_VCLUSTER_VALUES_FILE (undefined when not configured); a broken file is a clear error naming it. */
export async function readVclusterValuesFile(file: string | undefined): Promise<unknown> {
  if (!file) return undefined;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    // Configuration: PRECONDITION_FAILED, so a job fails at once with this message instead of retrying.
    throw new AppError("PRECONDITION_FAILED", `cannot read KUBEBYON_VCLUSTER_VALUES_FILE ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parse(text) ?? undefined;
  } catch (error) {
    throw new AppError("PRECONDITION_FAILED", `KUBEBYON_VCLUSTER_VALUES_FILE ${file} is not valid YAML: ${(error as Error).message}`, { cause: error });
  }
}
