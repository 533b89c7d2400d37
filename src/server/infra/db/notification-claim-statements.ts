import type { PrismaClient } from "./generated/prisma/client";

/**
 * The notification delivery queue's claim, the counterpart of the job lease
 * statements: takes up to `limit` due rows (`pending`, `next_attempt_at`
 * reached), counts the attempt and pushes `next_attempt_at` to `leaseUntil`,
 * which is the lease: a process that dies mid-send leaves the row due again
 * then. FOR UPDATE SKIP LOCKED, because several web/worker processes run the
 * delivery loop and must neither wait on nor take each other's rows. Returns
 * the claimed ids.
 */
export async function claimDueNotificationDeliveries(
  db: Pick<PrismaClient, "$queryRaw">,
  claim: { now: Date; leaseUntil: Date; limit: number },
): Promise<string[]> {
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "notification_deliveries" SET "attempts" = "attempts" + 1, "next_attempt_at" = ${claim.leaseUntil}, "updated_at" = ${claim.now}
    WHERE "id" IN (
      SELECT "id" FROM "notification_deliveries"
      WHERE "status" = 'pending' AND "next_attempt_at" <= ${claim.now}
      ORDER BY "next_attempt_at" LIMIT ${claim.limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  return claimed.map((row) => row.id);
}
