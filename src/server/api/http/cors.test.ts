import { describe, expect, it } from "vitest";
import { corsHeadersFor } from "./cors";

describe("corsHeadersFor", () => {
  it("gives a listed origin credentialed access, echoing that exact origin", () => {
    const headers = corsHeadersFor("https://console.example.com", ["https://console.example.com"]);
    expect(headers).toMatchObject({ "Access-Control-Allow-Origin": "https://console.example.com", "Access-Control-Allow-Credentials": "true", Vary: "Origin" });
  });
  it("answers `*` without credentials, also when a listed origin sits beside it", () => {
    const headers = corsHeadersFor("https://other.example", ["https://console.example.com", "*"]);
    expect(headers["Access-Control-Allow-Origin"]).toBe("*");
    expect(headers["Access-Control-Allow-Credentials"]).toBeUndefined();
  });
  it("gives unlisted origins nothing but Vary, and requests without Origin nothing at all", () => {
    expect(corsHeadersFor("https://evil.example", ["https://console.example.com"])).toEqual({ Vary: "Origin" });
    expect(corsHeadersFor("https://console.example.com.evil.example", ["https://console.example.com"])["Access-Control-Allow-Origin"]).toBeUndefined();
    expect(corsHeadersFor(null, ["*"])).toEqual({});
  });
});
