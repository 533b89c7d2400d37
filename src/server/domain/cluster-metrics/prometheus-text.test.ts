import { describe, expect, it } from "vitest";
import { parsePromNumber, parsePromText, PromTextParseError, seriesKey } from "./prometheus-text";

describe("parsePromText", () => {
  it("reads counters, gauges and histogram series with labels, skipping comments and blank lines", () => {
    const text = [
      "# HELP apiserver_request_total [STABLE] Counter of apiserver requests.",
      "# TYPE apiserver_request_total counter",
      'apiserver_request_total{code="200",component="apiserver",resource="pods",verb="LIST"} 42',
      "",
      "# TYPE apiserver_current_inflight_requests gauge",
      'apiserver_current_inflight_requests{request_kind="mutating"} 0',
      'apiserver_request_duration_seconds_bucket{verb="GET",le="0.005"} 3',
      'apiserver_request_duration_seconds_bucket{verb="GET",le="+Inf"} 7',
      "apiserver_request_duration_seconds_sum 1.5e-2",
      "process_start_time_seconds 1.7e+09 1712345678000",
    ].join("\n");
    expect(parsePromText(text)).toEqual([
      { name: "apiserver_request_total", labels: { code: "200", component: "apiserver", resource: "pods", verb: "LIST" }, value: 42 },
      { name: "apiserver_current_inflight_requests", labels: { request_kind: "mutating" }, value: 0 },
      { name: "apiserver_request_duration_seconds_bucket", labels: { verb: "GET", le: "0.005" }, value: 3 },
      { name: "apiserver_request_duration_seconds_bucket", labels: { verb: "GET", le: "+Inf" }, value: 7 },
      { name: "apiserver_request_duration_seconds_sum", labels: {}, value: 0.015 },
      { name: "process_start_time_seconds", labels: {}, value: 1.7e9 },
    ]);
  });

  it("unescapes label values (backslash, quote, newline) and accepts a trailing comma and spaces", () => {
    const [sample] = parsePromText('m{path="C:\\\\dir",msg="say \\"hi\\"\\nbye", empty="" ,} 1');
    expect(sample!.labels).toEqual({ path: "C:\\dir", msg: 'say "hi"\nbye', empty: "" });
  });

  it("keeps braces and commas inside quoted values", () => {
    const [sample] = parsePromText('m{a="x,y}z",b="1"} 2');
    expect(sample!.labels).toEqual({ a: "x,y}z", b: "1" });
    expect(sample!.value).toBe(2);
  });

  it("reads NaN and infinities", () => {
    expect(parsePromNumber("+Inf")).toBe(Infinity);
    expect(parsePromNumber("-Inf")).toBe(-Infinity);
    expect(parsePromNumber("NaN")).toBeNaN();
    expect(parsePromText("m NaN")[0]!.value).toBeNaN();
  });

  it("names the line of malformed input", () => {
    expect(() => parsePromText('ok 1\nm{a="x} 1')).toThrow(PromTextParseError);
    expect(() => parsePromText('ok 1\nm{a="x} 1')).toThrow(/line 2: unterminated value of label a/);
    expect(() => parsePromText("m{a=x} 1")).toThrow(/line 1: expected a quoted value for label a/);
    expect(() => parsePromText("m abc")).toThrow(/line 1: "abc" is not a number/);
    expect(() => parsePromText("m")).toThrow(/no value for m/);
    expect(() => parsePromText("{a=\"b\"} 1")).toThrow(/expected a metric name/);
  });
});

describe("seriesKey", () => {
  it("is the same for the same labels in any order and can leave labels out", () => {
    expect(seriesKey("m", { b: "2", a: "1" })).toBe(seriesKey("m", { a: "1", b: "2" }));
    expect(seriesKey("m", { a: "1", le: "0.5" }, ["le"])).toBe(seriesKey("m", { a: "1" }));
    expect(seriesKey("m", { a: "1" })).not.toBe(seriesKey("m", { a: "2" }));
  });
});
