import { describe, expect, it } from "vitest";
import { admissionWebhookNeverSynced } from "./admission-webhook-display";

describe("admissionWebhookNeverSynced", () => {
  it("is true only for a cluster the sync pass has not written yet", () => {
    expect(admissionWebhookNeverSynced({ admission_webhook: { status: "disabled", message: null, applied_at: null } })).toBe(true);
    // The deployment has the webhook off: the pass says so, and the card shows that message.
    expect(admissionWebhookNeverSynced({ admission_webhook: { status: "disabled", message: "The admission webhook is off in this deployment", applied_at: null } })).toBe(false);
    expect(admissionWebhookNeverSynced({ admission_webhook: { status: "pending", message: null, applied_at: null } })).toBe(false);
    expect(admissionWebhookNeverSynced({ admission_webhook: { status: "ready", message: "Plan Pro is enforced", applied_at: "2026-12-04T00:00:00.000Z" } })).toBe(false);
  });
});
