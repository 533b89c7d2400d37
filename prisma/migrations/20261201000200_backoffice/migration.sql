-- Back office: the activity stream records whether an action succeeded (filterable by admins).
CREATE TYPE "AuditResult" AS ENUM ('success', 'failure');

ALTER TABLE "audit_events" ADD COLUMN "result" "AuditResult" NOT NULL DEFAULT 'success';

-- Rows written before the column existed: refused attempts are the actions named `…_failed`
-- (the same rule recordAuditEvent applies when a caller does not say).
UPDATE "audit_events" SET "result" = 'failure' WHERE "action" LIKE '%\_failed';
