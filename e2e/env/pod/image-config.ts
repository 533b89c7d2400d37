import { readFileSync } from "node:fs";
import { effective, lineage, parseDockerfile } from "../../../scripts/lib/dockerfile";

/**
 * What a container runtime takes from an image's config (not its files): environment, working
 * directory, user, ENTRYPOINT and CMD, read from our Dockerfile for one target. The base image's
 * own config contributes PATH (the official node images set the Debian default; their
 * NODE_VERSION/YARN_VERSION are informational and nothing of ours reads them).
 */
export interface ImageConfig {
  env: Record<string, string>;
  workdir: string;
  user: string | undefined;
  entrypoint: string[];
  cmd: string[];
}

const BASE_IMAGE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

export function imageConfigFromDockerfile(dockerfilePath: string, target: string): ImageConfig {
  const { stages } = parseDockerfile(readFileSync(dockerfilePath, "utf8"));
  const stage = stages.find((s) => s.name === target);
  if (!stage) throw new Error(`${dockerfilePath} has no stage named ${target} (stages: ${stages.map((s) => s.name ?? s.index).join(", ")})`);
  const env: Record<string, string> = { PATH: BASE_IMAGE_PATH };
  for (const s of lineage(stages, stage).reverse()) for (const [k, v] of s.env) env[k] = v;
  return {
    env,
    workdir: effective(stages, stage, "workdir") ?? "/",
    user: effective(stages, stage, "user"),
    entrypoint: effective(stages, stage, "entrypoint") ?? [],
    cmd: effective(stages, stage, "cmd") ?? [],
  };
}
