-- Billing: a default plan for users without a paid order, and the grant period of an order
-- (set when it is paid; cancelled/refunded times kept for the record).
ALTER TABLE "plans" ADD COLUMN "is_default" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "orders" ADD COLUMN "period_months" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN "starts_at" TIMESTAMPTZ(6),
ADD COLUMN "ends_at" TIMESTAMPTZ(6),
ADD COLUMN "cancelled_at" TIMESTAMPTZ(6),
ADD COLUMN "refunded_at" TIMESTAMPTZ(6);
