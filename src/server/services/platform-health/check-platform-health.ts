import { describePublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { healthCheckNames, overallStatus, type HealthCheckName } from "@/server/domain/platform-health/health-checks";
import { redactString } from "@/server/observability/logger";
import { listProcesses, type ProcessView } from "@/server/services/background/process-view";
import { checkBackgroundWork } from "./background-work-check";
import { checkHostApiserver, checkHostPermissions, checkPlatformApiKeySecret } from "./host-checks";
import type { PlatformHealthDeps } from "./platform-health-deps";
import { toHealthCheckView, type CheckOutcome, type HealthCheckView, type PlatformHealthView } from "./platform-health-view";
import { publicAccessCheckFor } from "./public-access-check";
import { checkHelm, checkRabbitMq, checkSmtp, checkVclusterChart } from "./tool-checks";

type Check = (deps: PlatformHealthDeps, signal: AbortSignal) => Promise<CheckOutcome>;

const CHECKS: Record<Exclude<HealthCheckName, "public_access" | "background_work">, Check> = {
  host_apiserver: checkHostApiserver,
  host_permissions: checkHostPermissions,
  helm: checkHelm,
  vcluster_chart: checkVclusterChart,
  platform_api_key_secret: checkPlatformApiKeySecret,
  rabbitmq: checkRabbitMq,
  smtp: checkSmtp,
};

/** What to do when a check fails outright (threw or timed out); its own outcome says more when it can. */
const NEXT_STEP_ON_FAILURE: Record<HealthCheckName, string> = {
  host_apiserver:
    "Check that the host cluster's apiserver runs and that KUBEBYON_KUBECONFIG_PATH points at it with valid credentials: kubectl --kubeconfig <that file> version.",
  host_permissions: "The permission review could not be made; fix host_apiserver first, then check again.",
  helm: "Install helm 3 on this machine, or set KUBEBYON_HELM_BIN to its path.",
  vcluster_chart:
    "Check KUBEBYON_VCLUSTER_CHART, KUBEBYON_VCLUSTER_CHART_REPO and KUBEBYON_VCLUSTER_CHART_VERSION (a local chart directory or .tgz for air-gapped hosts); try the same helm show chart by hand.",
  platform_api_key_secret: "The Secret could not be read; fix host_apiserver and host_permissions first, then check again.",
  public_access: "The host apiserver's API discovery could not be read; fix host_apiserver first, then check again.",
  rabbitmq: "Check KUBEBYON_RABBITMQ_URL (host, port, credentials, vhost) and that the broker runs. Jobs are still found by polling meanwhile, only later.",
  smtp: "Check the SMTP host, port and TLS setting (KUBEBYON_SMTP_* or Admin → System settings) and that this machine may reach the server.",
  background_work: "The processes' heartbeats could not be read from the database; check the database connection of the web process.",
};

const messageOf = (error: unknown) => redactString(error instanceof Error ? error.message || error.name : String(error));

/** The checks that apply to this deployment, in page order: public_access only where its provider has one. */
function checksFor(deps: PlatformHealthDeps, processes: Promise<ProcessView[]>): Array<[HealthCheckName, Check]> {
  return healthCheckNames.flatMap((name): Array<[HealthCheckName, Check]> => {
    const check =
      name === "public_access" ? publicAccessCheckFor(deps.publicAccessProvider) : name === "background_work" ? async () => checkBackgroundWork(await processes) : CHECKS[name];
    return check ? [[name, check]] : [];
  });
}

async function runCheck(name: HealthCheckName, check: Check, deps: PlatformHealthDeps): Promise<HealthCheckView> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`no answer within ${deps.checkTimeoutMs} ms`));
      resolve({ status: "error", detail: `No answer within ${Math.round(deps.checkTimeoutMs / 100) / 10} s.`, nextStep: NEXT_STEP_ON_FAILURE[name] });
    }, deps.checkTimeoutMs);
  });
  const attempt = check(deps, controller.signal).catch(
    (error: unknown): CheckOutcome => ({ status: "error", detail: messageOf(error), nextStep: NEXT_STEP_ON_FAILURE[name] }),
  );
  try {
    return toHealthCheckView(name, await Promise.race([attempt, timedOut]), performance.now() - started);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The back office's platform health: every check at once, each bounded by its own timeout and
 * caught on its own, so one that fails or hangs never hides the others.
 */
export async function checkPlatformHealth(deps: PlatformHealthDeps, now: Date): Promise<PlatformHealthView> {
  const processes = listProcesses({ db: deps.db, now: () => now });
  const checks = await Promise.all(checksFor(deps, processes).map(([name, check]) => runCheck(name, check, deps)));
  return {
    status: overallStatus(checks.map((c) => c.status)),
    checked_at: now.toISOString(),
    public_access_provider: deps.publicAccessProvider,
    public_access_provider_description: describePublicAccessProvider(deps.publicAccessProvider),
    checks,
    // Failing to read them is the background_work check's error; the list is then empty.
    processes: await processes.catch(() => []),
  };
}
