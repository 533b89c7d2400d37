import { z } from "zod";

/** Outcome of an audited action (PostgreSQL enum AuditResult): refused or failed attempts are recorded too. */
export const auditResults = ["success", "failure"] as const;
export const auditResultSchema = z.enum(auditResults);
export type AuditResult = z.infer<typeof auditResultSchema>;
