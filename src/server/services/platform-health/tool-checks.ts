import type { PlatformHealthDeps } from "./platform-health-deps";
import type { CheckOutcome } from "./platform-health-view";

export async function checkHelm(deps: Pick<PlatformHealthDeps, "helm">, signal: AbortSignal): Promise<CheckOutcome> {
  return { status: "ok", detail: `helm ${await deps.helm.version(signal)}.` };
}

export async function checkVclusterChart(deps: Pick<PlatformHealthDeps, "helm">, signal: AbortSignal): Promise<CheckOutcome> {
  const chart = await deps.helm.showChart(signal);
  return { status: "ok", detail: `Chart ${chart.name} ${chart.version} (${deps.helm.chartReference}) can be fetched.` };
}

export async function checkRabbitMq(deps: Pick<PlatformHealthDeps, "rabbitmq">, signal: AbortSignal): Promise<CheckOutcome> {
  if (!deps.rabbitmq) return { status: "skipped", detail: "Single-node mode: KUBEBYON_RABBITMQ_URL is not set, so the web process runs cluster jobs itself." };
  await deps.rabbitmq(signal);
  return { status: "ok", detail: "The broker accepted a connection and a channel." };
}

export async function checkSmtp(deps: Pick<PlatformHealthDeps, "smtpConfig" | "smtpProbe">, signal: AbortSignal): Promise<CheckOutcome> {
  const config = await deps.smtpConfig();
  if (!config) return { status: "skipped", detail: "No SMTP server is configured; account emails and notification emails are not sent." };
  const greeting = await deps.smtpProbe(config, signal);
  return { status: "ok", detail: `${config.host}:${config.port} answered EHLO (${greeting}); no mail was sent.` };
}
