import { z } from "zod";

// The message body is the same JSON the original service put on the queue: just the job id.
const wakeupMessageSchema = z.object({ job_id: z.string().min(1).max(200) });

export function encodeWakeupMessage(jobId: string): Buffer {
  return Buffer.from(JSON.stringify({ job_id: jobId }));
}

/** The job id, or null for a body that is not a wake-up (logged and dropped by the consumer). */
export function decodeWakeupMessage(body: Buffer): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  const parsed = wakeupMessageSchema.safeParse(json);
  return parsed.success ? parsed.data.job_id : null;
}
