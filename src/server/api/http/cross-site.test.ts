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
});
