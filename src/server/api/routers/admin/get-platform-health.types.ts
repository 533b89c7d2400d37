import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { platformHealthViewSchema } from "@/server/services/platform-health/platform-health-view";

export const getPlatformHealthMeta = {
  openapi: {
    method: "GET",
    path: "/admin/platform-health",
    protect: true,
    tags: ["admin"],
    summary: "Checks what cluster creation depends on: host apiserver and the platform's permissions, helm and the vCluster chart, the platform API key Secret, RabbitMQ, SMTP — each with its next step",
  },
} satisfies OpenApiMeta;

export const getPlatformHealthInput = z.void();
export const getPlatformHealthOutput = platformHealthViewSchema;
