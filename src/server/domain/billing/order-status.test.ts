import { describe, expect, it } from "vitest";
import { ORDER_ACTIONS, ORDER_STATUSES, transitionOrder } from "./order-status";

describe("order transitions", () => {
  it("allows exactly pending→paid, pending→cancelled and paid→refunded", () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const action of ORDER_ACTIONS) {
        const result = transitionOrder(from, action);
        if (result.ok) allowed.push(`${from}-${action}->${result.status}`);
      }
    }
    expect(allowed.sort()).toEqual(["paid-refund->refunded", "pending-cancel->cancelled", "pending-pay->paid"]);
  });

  it("explains a refused transition with the current state and what to do instead", () => {
    expect(transitionOrder("paid", "cancel")).toEqual({
      ok: false,
      message: "This order is paid. Only a pending (unpaid) order can be cancelled; refund a paid order instead.",
    });
    expect(transitionOrder("pending", "refund")).toMatchObject({ ok: false, message: expect.stringMatching(/^This order is pending\. Only a paid order can be refunded/) });
    expect(transitionOrder("refunded", "pay")).toMatchObject({ ok: false, message: expect.stringMatching(/^This order is refunded\. Only a pending order can be marked paid/) });
  });
});
