-- Admission webhook (issue 14, docs/admission-webhook.md): the plan's policy, the configuration kept in each vCluster,
-- and the platform CA that issues the webhook's serving certificate.
CREATE TYPE "AdmissionWebhookStatus" AS ENUM ('disabled', 'pending', 'ready', 'error');

ALTER TABLE "plans" ADD COLUMN "admission_max_pods" INTEGER,
ADD COLUMN "admission_pod_cpu_requests" TEXT,
ADD COLUMN "admission_pod_memory_requests" TEXT,
ADD COLUMN "admission_deny_host_namespaces" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "admission_deny_privileged" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "admission_deny_host_path" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "clusters" ADD COLUMN "admission_webhook_status" "AdmissionWebhookStatus" NOT NULL DEFAULT 'disabled',
ADD COLUMN "admission_webhook_message" TEXT,
ADD COLUMN "admission_webhook_applied_hash" TEXT,
ADD COLUMN "admission_webhook_applied_at" TIMESTAMPTZ(6);

CREATE TABLE "admission_certificate_authorities" (
    "id" TEXT NOT NULL,
    "certificate_pem" TEXT NOT NULL,
    "encrypted_private_key" TEXT NOT NULL,
    "not_before" TIMESTAMPTZ(6) NOT NULL,
    "not_after" TIMESTAMPTZ(6) NOT NULL,
    "retired_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admission_certificate_authorities_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "admission_certificate_authorities_not_after_idx" ON "admission_certificate_authorities"("not_after");
