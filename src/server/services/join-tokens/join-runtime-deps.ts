import { AppError } from "@/server/domain/errors";
import { joinBaseUrlSchema } from "@/server/domain/join-tokens/join-command";
import { readJoinBaseUrl } from "@/server/services/settings/read-system-settings";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { JoinScriptSource } from "./join-script-source";
import type { TokenIssuer } from "./token-issuer";

/** What join-token use cases need: the database, a way to reach the cluster, and the two Kubernetes/HTTP ports. */
export interface JoinDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  cluster: ClusterConnectionDeps;
  issuer: TokenIssuer;
  scripts: JoinScriptSource;
  /** KUBEBYON_PUBLIC_URL, used when the join_base_url system setting is empty. */
  fallbackBaseUrl: string | undefined;
  /**
   * Ends the unfinished join sessions of a token being revoked, in the revoking transaction; returns their ids.
   * The composition root wires join-sessions' endRevokedTokenSessions, since join-tokens may not import join-sessions.
   */
  endRevokedTokenSessions(tx: Prisma.TransactionClient, joinTokenId: string, at: Date): Promise<string[]>;
}

/** join_base_url (system setting, else KUBEBYON_PUBLIC_URL) for the commands the platform hands out; refused with what to set. */
export async function requireJoinBaseUrl(deps: Pick<JoinDeps, "db" | "fallbackBaseUrl">): Promise<string> {
  const parsed = joinBaseUrlSchema.safeParse((await readJoinBaseUrl(deps)) ?? deps.fallbackBaseUrl ?? "");
  if (parsed.success) return parsed.data;
  throw new AppError(
    "PRECONDITION_FAILED",
    `No usable join_base_url: an administrator must set it in System settings (e.g. https://console.example.com). ${parsed.error.issues[0]?.message ?? ""}`.trim(),
  );
}
