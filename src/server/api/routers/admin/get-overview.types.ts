import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { platformOverviewSchema } from "@/server/services/admin/get-platform-overview";

export const getOverviewMeta = {
  openapi: { method: "GET", path: "/admin/overview", protect: true, tags: ["admin"], summary: "Platform counts for administrators" },
} satisfies OpenApiMeta;

export const getOverviewInput = z.void();
export const getOverviewOutput = platformOverviewSchema;
