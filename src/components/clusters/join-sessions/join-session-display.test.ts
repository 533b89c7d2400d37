import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en.json";
import { joinFailureReasons } from "@/server/domain/join-sessions/join-failure";
import { joinSessionStatuses } from "@/server/domain/join-sessions/join-session-status";
import { joinSessionPollInterval } from "./join-session-display";

describe("join session display", () => {
  it("polls unfinished sessions only", () => {
    expect(joinSessionPollInterval("open")).toBe(2_000);
    expect(joinSessionPollInterval("waiting_for_node")).toBe(2_000);
    expect(joinSessionPollInterval("join_failed")).toBe(false);
    expect(joinSessionPollInterval(undefined)).toBe(2_000);
  });

  it("has a label for every status and a fix for every failure reason", () => {
    const messages = en.clusters.detail.joinSessions;
    for (const status of joinSessionStatuses) expect(messages.status[status]).toMatch(/\w/);
    for (const reason of joinFailureReasons) expect(messages.fix[reason]).toMatch(/\w/);
  });
});
