import { describe, expect, it } from "vitest";
import { decodeWakeupMessage, encodeWakeupMessage } from "./wakeup-message";

describe("wake-up message", () => {
  it("is exactly {\"job_id\": …}", () => {
    expect(encodeWakeupMessage("job_abc").toString()).toBe('{"job_id":"job_abc"}');
  });

  it("round-trips", () => {
    expect(decodeWakeupMessage(encodeWakeupMessage("job_x1"))).toBe("job_x1");
  });

  it("rejects bodies that are not wake-ups", () => {
    expect(decodeWakeupMessage(Buffer.from("not json"))).toBeNull();
    expect(decodeWakeupMessage(Buffer.from('{"id":"job_1"}'))).toBeNull();
    expect(decodeWakeupMessage(Buffer.from('{"job_id":""}'))).toBeNull();
    expect(decodeWakeupMessage(Buffer.from('{"job_id":7}'))).toBeNull();
  });
});
