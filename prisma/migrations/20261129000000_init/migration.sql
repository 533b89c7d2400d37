-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "ClusterStatus" AS ENUM ('provisioning', 'ready', 'updating', 'error', 'deleting', 'deleted');

-- CreateEnum
CREATE TYPE "PublicAccessMode" AS ENUM ('nodeport', 'loadbalancer', 'off');

-- CreateEnum
CREATE TYPE "ConnectionStatus" AS ENUM ('unknown', 'connected', 'unreachable', 'disabled');

-- CreateEnum
CREATE TYPE "ManagedIngressStatus" AS ENUM ('disabled', 'provisioning', 'ready', 'error');

-- CreateEnum
CREATE TYPE "DnsSyncStatus" AS ENUM ('disabled', 'pending', 'synced', 'error');

-- CreateEnum
CREATE TYPE "DnsManagementScope" AS ENUM ('platform_managed', 'self_managed');

-- CreateEnum
CREATE TYPE "HostnameBindingStatus" AS ENUM ('pending', 'ready', 'error');

-- CreateEnum
CREATE TYPE "ClusterJobStatus" AS ENUM ('pending', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "ClusterOperationStatus" AS ENUM ('pending', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "NodeStatus" AS ENUM ('ready', 'not_ready', 'unknown');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('pending', 'paid', 'cancelled', 'refunded');

-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('email', 'webhook', 'in_app');

-- CreateEnum
CREATE TYPE "NotificationDeliveryStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "EmailCodePurpose" AS ENUM ('register', 'login', 'verify_email', 'change_email');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT,
    "role" "UserRole" NOT NULL DEFAULT 'user',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "email_verified_at" TIMESTAMPTZ(6),
    "avatar_url" TEXT,
    "locale" TEXT,
    "last_login_at" TIMESTAMPTZ(6),
    "plan_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    "last_seen_at" TIMESTAMPTZ(6),
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "last_used_at" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_accounts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "provider_email" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "oauth_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verification_codes" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "purpose" "EmailCodePurpose" NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "consumed_at" TIMESTAMPTZ(6),
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_resets" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "consumed_at" TIMESTAMPTZ(6),
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "actor_user_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "channel" "NotificationChannel" NOT NULL,
    "event" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_deliveries" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "channel" "NotificationChannel" NOT NULL,
    "event" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" "NotificationDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(6),
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "price_cents" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "cluster_quota" INTEGER NOT NULL,
    "node_quota" INTEGER NOT NULL,
    "cpu_quota" TEXT,
    "memory_quota" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "OrderStatus" NOT NULL DEFAULT 'pending',
    "paid_at" TIMESTAMPTZ(6),
    "note" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clusters" (
    "id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "vcluster_name" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "status" "ClusterStatus" NOT NULL DEFAULT 'provisioning',
    "last_error" TEXT,
    "control_plane_host" TEXT,
    "public_access_enabled" BOOLEAN NOT NULL DEFAULT true,
    "public_access_mode" "PublicAccessMode" NOT NULL DEFAULT 'nodeport',
    "public_access_port" INTEGER,
    "api_endpoint" TEXT,
    "kubeconfig_available" BOOLEAN NOT NULL DEFAULT false,
    "connection_status" "ConnectionStatus" NOT NULL DEFAULT 'unknown',
    "managed_workload_ingress_enabled" BOOLEAN NOT NULL DEFAULT false,
    "managed_workload_ingress_status" "ManagedIngressStatus" NOT NULL DEFAULT 'disabled',
    "managed_workload_ingress_last_error" TEXT,
    "managed_workload_ingress_class" TEXT,
    "managed_workload_ingress_cname_target" TEXT,
    "managed_workload_ingress_dns_status" "DnsSyncStatus" NOT NULL DEFAULT 'disabled',
    "managed_workload_ingress_dns_message" TEXT,
    "managed_workload_ingress_dns_last_synced_at" TIMESTAMPTZ(6),
    "managed_workload_ingress_dns_last_error" TEXT,
    "managed_workload_ingress_dns_last_error_at" TIMESTAMPTZ(6),
    "plan_id" TEXT,
    "node_quota" INTEGER,
    "cpu_quota" TEXT,
    "memory_quota" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "deleted_at" TIMESTAMPTZ(6),

    CONSTRAINT "clusters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cluster_operations" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "ClusterOperationStatus" NOT NULL DEFAULT 'pending',
    "steps" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "requested_by" TEXT,
    "started_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "cluster_operations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cluster_jobs" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "operation_id" TEXT,
    "kind" TEXT NOT NULL,
    "status" "ClusterJobStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "run_after" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "started_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "cluster_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "join_tokens" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "description" TEXT,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    "created_by" TEXT,
    "usages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "used_count" INTEGER NOT NULL DEFAULT 0,
    "last_used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "join_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nodes" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "NodeStatus" NOT NULL DEFAULT 'unknown',
    "internal_ip" TEXT,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "kubelet_version" TEXT,
    "os_image" TEXT,
    "kernel_version" TEXT,
    "container_runtime_version" TEXT,
    "cpu_capacity" TEXT,
    "memory_capacity" TEXT,
    "pod_cidr" TEXT,
    "unschedulable" BOOLEAN NOT NULL DEFAULT false,
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "labels" JSONB NOT NULL DEFAULT '{}',
    "first_seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "nodes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "node_events" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "node_id" TEXT,
    "node_name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "reason" TEXT,
    "message" TEXT,
    "observed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "node_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hostname_bindings" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "status" "HostnameBindingStatus" NOT NULL DEFAULT 'pending',
    "last_error" TEXT,
    "record_target_hostname" TEXT,
    "dns_management_scope" "DnsManagementScope" NOT NULL DEFAULT 'self_managed',
    "dns_management_status" "DnsSyncStatus" NOT NULL DEFAULT 'disabled',
    "dns_management_message" TEXT,
    "dns_management_last_synced_at" TIMESTAMPTZ(6),
    "dns_management_last_error" TEXT,
    "dns_management_last_error_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "hostname_bindings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "control_plane_metric_samples" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "sampled_at" TIMESTAMPTZ(6) NOT NULL,
    "cpu_millicores" DOUBLE PRECISION,
    "memory_bytes" BIGINT,
    "api_request_rate" DOUBLE PRECISION,
    "api_error_rate" DOUBLE PRECISION,
    "api_latency_p99_ms" DOUBLE PRECISION,
    "etcd_db_size_bytes" BIGINT,
    "pod_count" INTEGER,
    "node_count" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "control_plane_metric_samples_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_by" TEXT,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "system_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_plan_id_idx" ON "users"("plan_id");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

-- CreateIndex
CREATE INDEX "oauth_accounts_user_id_idx" ON "oauth_accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_accounts_provider_provider_account_id_key" ON "oauth_accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE INDEX "email_verification_codes_email_purpose_created_at_idx" ON "email_verification_codes"("email", "purpose", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets"("token_hash");

-- CreateIndex
CREATE INDEX "password_resets_user_id_idx" ON "password_resets"("user_id");

-- CreateIndex
CREATE INDEX "audit_events_actor_user_id_created_at_idx" ON "audit_events"("actor_user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_events_target_type_target_id_idx" ON "audit_events"("target_type", "target_id");

-- CreateIndex
CREATE INDEX "audit_events_action_idx" ON "audit_events"("action");

-- CreateIndex
CREATE UNIQUE INDEX "notification_preferences_user_id_channel_event_key" ON "notification_preferences"("user_id", "channel", "event");

-- CreateIndex
CREATE INDEX "notification_deliveries_status_next_attempt_at_idx" ON "notification_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "notification_deliveries_user_id_created_at_idx" ON "notification_deliveries"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "plans_code_key" ON "plans"("code");

-- CreateIndex
CREATE INDEX "plans_active_sort_idx" ON "plans"("active", "sort");

-- CreateIndex
CREATE INDEX "orders_user_id_created_at_idx" ON "orders"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_plan_id_idx" ON "orders"("plan_id");

-- CreateIndex
CREATE UNIQUE INDEX "clusters_vcluster_name_key" ON "clusters"("vcluster_name");

-- CreateIndex
CREATE UNIQUE INDEX "clusters_namespace_key" ON "clusters"("namespace");

-- CreateIndex
CREATE INDEX "clusters_owner_id_created_at_idx" ON "clusters"("owner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "clusters_status_idx" ON "clusters"("status");

-- CreateIndex
CREATE INDEX "clusters_plan_id_idx" ON "clusters"("plan_id");

-- CreateIndex
CREATE INDEX "cluster_operations_cluster_id_created_at_idx" ON "cluster_operations"("cluster_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "cluster_operations_status_idx" ON "cluster_operations"("status");

-- CreateIndex
CREATE INDEX "cluster_operations_requested_by_idx" ON "cluster_operations"("requested_by");

-- CreateIndex
CREATE INDEX "cluster_jobs_status_run_after_idx" ON "cluster_jobs"("status", "run_after");

-- CreateIndex
CREATE INDEX "cluster_jobs_cluster_id_created_at_idx" ON "cluster_jobs"("cluster_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "cluster_jobs_operation_id_idx" ON "cluster_jobs"("operation_id");

-- CreateIndex
CREATE INDEX "join_tokens_token_id_idx" ON "join_tokens"("token_id");

-- CreateIndex
CREATE INDEX "join_tokens_created_by_idx" ON "join_tokens"("created_by");

-- CreateIndex
CREATE UNIQUE INDEX "join_tokens_cluster_id_token_id_key" ON "join_tokens"("cluster_id", "token_id");

-- CreateIndex
CREATE INDEX "nodes_cluster_id_status_idx" ON "nodes"("cluster_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "nodes_cluster_id_name_key" ON "nodes"("cluster_id", "name");

-- CreateIndex
CREATE INDEX "node_events_cluster_id_observed_at_id_idx" ON "node_events"("cluster_id", "observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "node_events_cluster_id_node_id_observed_at_id_idx" ON "node_events"("cluster_id", "node_id", "observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "node_events_cluster_id_type_observed_at_id_idx" ON "node_events"("cluster_id", "type", "observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "hostname_bindings_hostname_key" ON "hostname_bindings"("hostname");

-- CreateIndex
CREATE INDEX "hostname_bindings_cluster_id_idx" ON "hostname_bindings"("cluster_id");

-- CreateIndex
CREATE INDEX "hostname_bindings_status_idx" ON "hostname_bindings"("status");

-- CreateIndex
CREATE INDEX "control_plane_metric_samples_cluster_id_sampled_at_idx" ON "control_plane_metric_samples"("cluster_id", "sampled_at" DESC);

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cluster_jobs" ADD CONSTRAINT "cluster_jobs_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cluster_jobs" ADD CONSTRAINT "cluster_jobs_operation_id_fkey" FOREIGN KEY ("operation_id") REFERENCES "cluster_operations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "join_tokens" ADD CONSTRAINT "join_tokens_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "join_tokens" ADD CONSTRAINT "join_tokens_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "node_events" ADD CONSTRAINT "node_events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "node_events" ADD CONSTRAINT "node_events_node_id_fkey" FOREIGN KEY ("node_id") REFERENCES "nodes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hostname_bindings" ADD CONSTRAINT "hostname_bindings_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "control_plane_metric_samples" ADD CONSTRAINT "control_plane_metric_samples_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_fkey" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
