-- Issue 15: join sessions with preflight checks, token use limits and provenance, short-lived per-user
-- kubeconfigs and the orphan report of guided deletion (docs/join-sessions.md, docs/cluster-access.md).
CREATE TYPE "JoinSessionStatus" AS ENUM ('open', 'preflight_failed', 'joining', 'join_failed', 'waiting_for_node', 'joined', 'reset', 'refused', 'timed_out');
CREATE TYPE "KubeconfigAccess" AS ENUM ('admin', 'view');

ALTER TABLE "plans" ADD COLUMN "kubeconfig_max_ttl_seconds" INTEGER;
ALTER TABLE "cluster_operations" ADD COLUMN "report" JSONB;

ALTER TABLE "join_tokens" ADD COLUMN "max_uses" INTEGER,
    ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'join',
    ADD COLUMN "cleaned_at" TIMESTAMPTZ(6);
CREATE INDEX "join_tokens_expires_at_idx" ON "join_tokens"("expires_at");

CREATE TABLE "join_sessions" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "join_token_id" TEXT,
    "token_id" TEXT NOT NULL,
    "secret_hash" TEXT,
    "status" "JoinSessionStatus" NOT NULL DEFAULT 'open',
    "failure_reason" TEXT,
    "failure_message" TEXT,
    "node_name" TEXT,
    "registered_node" TEXT,
    "client_ip" TEXT,
    "last_event_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "join_sessions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "join_sessions_cluster_id_created_at_idx" ON "join_sessions"("cluster_id", "created_at" DESC);
CREATE INDEX "join_sessions_join_token_id_idx" ON "join_sessions"("join_token_id");
CREATE INDEX "join_sessions_status_last_event_at_idx" ON "join_sessions"("status", "last_event_at");
ALTER TABLE "join_sessions" ADD CONSTRAINT "join_sessions_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "join_sessions" ADD CONSTRAINT "join_sessions_join_token_id_fkey" FOREIGN KEY ("join_token_id") REFERENCES "join_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "join_session_events" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "check" TEXT,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "join_session_events_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "join_session_events_session_id_sequence_key" ON "join_session_events"("session_id", "sequence");
ALTER TABLE "join_session_events" ADD CONSTRAINT "join_session_events_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "join_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "join_token_nodes" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "join_token_id" TEXT,
    "session_id" TEXT,
    "node_name" TEXT NOT NULL,
    "csr_name" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "join_token_nodes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "join_token_nodes_cluster_id_csr_name_key" ON "join_token_nodes"("cluster_id", "csr_name");
CREATE INDEX "join_token_nodes_join_token_id_idx" ON "join_token_nodes"("join_token_id");
CREATE INDEX "join_token_nodes_cluster_id_node_name_idx" ON "join_token_nodes"("cluster_id", "node_name");
CREATE INDEX "join_token_nodes_session_id_idx" ON "join_token_nodes"("session_id");
ALTER TABLE "join_token_nodes" ADD CONSTRAINT "join_token_nodes_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "join_token_nodes" ADD CONSTRAINT "join_token_nodes_join_token_id_fkey" FOREIGN KEY ("join_token_id") REFERENCES "join_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "join_token_nodes" ADD CONSTRAINT "join_token_nodes_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "join_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "kubeconfig_credentials" (
    "id" TEXT NOT NULL,
    "cluster_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "access" "KubeconfigAccess" NOT NULL,
    "service_account_name" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    "revoked_by" TEXT,
    "cleaned_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kubeconfig_credentials_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "kubeconfig_credentials_cluster_id_service_account_name_key" ON "kubeconfig_credentials"("cluster_id", "service_account_name");
CREATE INDEX "kubeconfig_credentials_user_id_created_at_idx" ON "kubeconfig_credentials"("user_id", "created_at" DESC);
CREATE INDEX "kubeconfig_credentials_cluster_id_revoked_at_idx" ON "kubeconfig_credentials"("cluster_id", "revoked_at");
CREATE INDEX "kubeconfig_credentials_revoked_by_idx" ON "kubeconfig_credentials"("revoked_by");
ALTER TABLE "kubeconfig_credentials" ADD CONSTRAINT "kubeconfig_credentials_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "kubeconfig_credentials" ADD CONSTRAINT "kubeconfig_credentials_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "kubeconfig_credentials" ADD CONSTRAINT "kubeconfig_credentials_revoked_by_fkey" FOREIGN KEY ("revoked_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
