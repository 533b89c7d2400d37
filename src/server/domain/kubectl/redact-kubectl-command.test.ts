import { describe, expect, it } from "vitest";
import { redactKubectlArgs, redactKubectlCommand } from "./redact-kubectl-command";

const JWT = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJzeXN0ZW06YWRtaW4ifQ.c2lnbmF0dXJlLXZhbHVl";

describe("redactKubectlArgs", () => {
  it.each<[string[], string[]]>([
    [["get", "pods", "--token", "abc123"], ["get", "pods", "--token", "[redacted]"]],
    [["get", "pods", "--token=abc123"], ["get", "pods", "--token=[redacted]"]],
    [["get", "pods", "--password", "hunter2", "--username", "bob"], ["get", "pods", "--password", "[redacted]", "--username", "bob"]],
    [["get", "pods", "--client-key=/etc/k.pem"], ["get", "pods", "--client-key=[redacted]"]],
    [["get", "pods", "--client-certificate", "/etc/c.pem"], ["get", "pods", "--client-certificate", "[redacted]"]],
    [["get", "pods", "--client_key", "x"], ["get", "pods", "--client_key", "[redacted]"]],
    [["get", "pods", "--my-secret-thing=s3"], ["get", "pods", "--my-secret-thing=[redacted]"]],
    [["get", "pods", "--api-key", "k"], ["get", "pods", "--api-key", "[redacted]"]],
    [["get", "pods", "--bearer", `Bearer ${JWT}`], ["get", "pods", "--bearer", "Bearer [redacted]"]],
    [["get", "pods", JWT], ["get", "pods", "[redacted]"]],
    [["get", "pods", `--header=${JWT}`], ["get", "pods", "--header=[redacted]"]],
    [["get", "pods", "abcdef.0123456789abcdef"], ["get", "pods", "[redacted]"]],
    [["get", "pods", "kbk_ab12_secretpart"], ["get", "pods", "[redacted]"]],
    [["get", "pods", "-s", "https://admin:pw@api:6443"], ["get", "pods", "-s", "[redacted]"]],
    [["get", "pods", "-shttps://admin:pw@api:6443"], ["get", "pods", "-s[redacted]"]],
    // A flag-looking next word is a flag, not the value.
    [["get", "pods", "--token", "-A"], ["get", "pods", "--token", "-A"]],
  ])("%j", (argv, expected) => {
    expect(redactKubectlArgs(argv)).toEqual(expected);
  });

  it("keeps ordinary commands exactly as typed", () => {
    const argv = ["get", "pods", "-n", "kube-system", "-l", "app=web", "-o", "jsonpath={.items[*].metadata.name}", "--sort-by=.metadata.name"];
    expect(redactKubectlArgs(argv)).toEqual(argv);
  });
});

describe("redactKubectlCommand", () => {
  it("splits a line like the policy, redacts and quotes what needs it", () => {
    expect(redactKubectlCommand("kubectl get pods --token 'abc def' -l 'app in (a,b)'", 1024)).toBe("kubectl get pods --token [redacted] -l 'app in (a,b)'");
  });

  it("still redacts a line the policy cannot split", () => {
    expect(redactKubectlCommand("get pods --password=hunter2 | head", 1024)).toBe("get pods --password=[redacted] | head");
    expect(redactKubectlCommand(`get pods --token ${JWT} 'unterminated`, 1024)).toBe(`get pods --token [redacted] ''\\''unterminated'`);
  });

  it("takes an argv array and caps the length", () => {
    expect(redactKubectlCommand(["get", "pods", "--token=abc"], 1024)).toBe("get pods --token=[redacted]");
    expect(redactKubectlCommand(["get", "a".repeat(50)], 10)).toBe("get aaaaaa");
  });
});
