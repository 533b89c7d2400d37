import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { jobQueueSummarySchema } from "./cluster-job.schema";

export const getOverviewMeta = {
  openapi: { method: "GET", path: "/admin/overview", protect: true, tags: ["admin"], summary: "Platform counts for administrators" },
} satisfies OpenApiMeta;

export const getOverviewInput = z.void();

const counts = z.record(z.string(), z.number().int());

export const getOverviewOutput = z.object({
  users: z.object({ total: z.number().int(), admins: z.number().int(), disabled: z.number().int() }),
  clusters: z.object({ total: z.number().int(), by_status: counts }),
  cluster_jobs: jobQueueSummarySchema,
});
