import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./cross-site";

const h = (init: Record<string, string>) => new Headers(init);

describe("isCrossSiteRequest", () => {
  it("lets reads through", () => {
    expect(isCrossSiteRequest("GET", h({ origin: "https://evil.example", host: "console.example" }), [])).toBe(false);
  });
  it("accepts same-origin and allow-listed origins, refuses others", () => {
    expect(isCrossSiteRequest("POST", h({ origin: "https://console.example", host: "console.example" }), [])).toBe(false);
    expect(isCrossSiteRequest("POST", h({ origin: "https://app.example", host: "api.example" }), ["https://app.example"])).toBe(false);
    expect(isCrossSiteRequest("POST", h({ origin: "https://evil.example", host: "api.example" }), ["*"])).toBe(true);
    expect(isCrossSiteRequest("DELETE", h({ "sec-fetch-site": "cross-site", host: "api.example" }), [])).toBe(true);
    expect(isCrossSiteRequest("POST", h({ host: "api.example" }), [])).toBe(false);
  });
  it("refuses Sec-Fetch-Site: cross-site even from a listed origin, and an opaque origin", () => {
    const listed = h({ origin: "https://app.example", host: "api.example", "sec-fetch-site": "cross-site" });
    expect(isCrossSiteRequest("POST", listed, ["https://app.example"])).toBe(true);
    const sameSite = h({ origin: "https://app.example", host: "api.example", "sec-fetch-site": "same-site" });
    expect(isCrossSiteRequest("POST", sameSite, ["https://app.example"])).toBe(false);
    expect(isCrossSiteRequest("POST", h({ origin: "null", host: "api.example" }), [])).toBe(true);
  });
});
