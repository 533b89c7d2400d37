import type { Config } from "@/server/config/env";
import { HelmCli } from "@/server/infra/kube/helm-cli";
import { HelmCliInspector } from "@/server/infra/kube/helm-inspector";
import { KubeHostClusterInspector } from "@/server/infra/kube/host-cluster-inspector";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { probeSmtpEhlo } from "@/server/infra/mail/smtp-ehlo-probe";
import { checkRabbitMq } from "@/server/infra/mq/check-rabbitmq";
import type { HostClusterInspector, PlatformHealthDeps } from "@/server/services/platform-health/platform-health-deps";
import { effectiveSmtpConfig } from "@/server/services/settings/effective-smtp";
import type { SettingsCacheDeps } from "@/server/services/settings/settings-cache";
import type { ServiceDeps } from "@/server/services/service-deps";
import { hostClusterSetup } from "./cluster-runtime";

const CHECK_TIMEOUT_MS = 8_000;

/**
 * The platform health checks of the back office, on the same settings the cluster runtime uses
 * (host kubeconfig, helm binary, chart reference, platform Secret, RabbitMQ URL, SMTP in effect).
 */
export function buildPlatformHealthDeps(config: Config, deps: Pick<ServiceDeps, "db" | "now"> & SettingsCacheDeps): PlatformHealthDeps {
  const host = hostClusterSetup(config);
  const rabbitmqUrl = config.rabbitmqUrl;
  let inspector: HostClusterInspector | undefined;
  return {
    db: deps.db,
    hostClusterProblem: () => host.missingConfiguration(),
    hostInspector: () => (inspector ??= new KubeHostClusterInspector(loadHostKubeConfig({ kubeconfigPath: config.kubeconfigPath }), CHECK_TIMEOUT_MS)),
    helm: new HelmCliInspector(new HelmCli({ bin: config.helmBin, kubeconfigPath: config.kubeconfigPath }), {
      chart: config.vcluster.chart,
      repo: config.vcluster.chartRepo,
      version: config.vcluster.chartVersion,
    }),
    platformSecret: { name: config.platformApiKey.secretName, sourceNamespace: config.platformApiKey.sourceNamespace },
    tenantClusterRole: config.tenantClusterRole,
    publicAccessProvider: config.publicAccessProvider,
    rabbitmq: rabbitmqUrl
      ? async () => {
          const result = await checkRabbitMq(rabbitmqUrl, CHECK_TIMEOUT_MS - 1_000);
          if (!result.ok) throw new Error(result.error);
        }
      : undefined,
    smtpConfig: () => effectiveSmtpConfig(deps, config.smtp),
    smtpProbe: probeSmtpEhlo,
    checkTimeoutMs: CHECK_TIMEOUT_MS,
  };
}
