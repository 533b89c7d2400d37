import { describe, expect, it } from "vitest";
import { AppError } from "@/server/domain/errors";
import { classifyFailure, classifyHelmOutput, classifyHttpStatus } from "./failure-class";

const classified = (failureClass: "permanent" | "transient", cause?: unknown) => Object.assign(new Error("x", { cause }), { failureClass });

describe("classifyHttpStatus", () => {
  it("retries no answer, timeouts, conflicts, rate limits and server errors", () => {
    for (const status of [undefined, 408, 409, 429, 500, 502, 503, 504]) expect(classifyHttpStatus(status), String(status)).toBe("transient");
  });

  it("fails at once on the other 4xx", () => {
    for (const status of [400, 401, 403, 404, 405, 410, 413, 415, 422]) expect(classifyHttpStatus(status), String(status)).toBe("permanent");
  });
});

describe("classifyHelmOutput", () => {
  it("recognises helm's words for a missing chart, bad values and refused objects", () => {
    for (const stderr of [
      'Error: path "/opt/charts/vcluster" not found',
      'Error: chart "vcluster" version "9.9.9" not found in https://charts.loft.sh repository',
      "Error: INSTALLATION FAILED: values don't meet the specifications of the schema(s) in the following chart(s):\nvcluster:\n- privateNodes: Invalid type",
      "Error: failed to parse /tmp/kubebyon-values-x/values.yaml: error converting YAML to JSON: yaml: line 2: did not find expected key",
      "Error: INSTALLATION FAILED: execution error at (vcluster/templates/_helpers.tpl:12:4): unsupported distro",
      "Error: INSTALLATION FAILED: YAML parse error on vcluster/templates/service.yaml: error converting YAML to JSON",
      'Error: INSTALLATION FAILED: template: vcluster/templates/service.yaml:9:18: executing "vcluster/templates/service.yaml" at <.Values.controlPlane.service.spec.type>: can\'t evaluate field service in type interface {}',
      'Error: INSTALLATION FAILED: roles.rbac.authorization.k8s.io "vc-demo" is forbidden: user "kubebyon" is attempting to grant RBAC permissions not currently held',
      'Error: INSTALLATION FAILED: failed to create resource: pods "x" is forbidden: exceeded quota: kubebyon-quota',
      'Error: UPGRADE FAILED: cannot patch "demo" with kind StatefulSet: StatefulSet.apps "demo" is invalid: spec.volumeClaimTemplates: Invalid value: [{"name":"data","Spec":{"StorageClassName":"longhorn"}}]: field is immutable',
    ]) {
      expect(classifyHelmOutput(stderr), stderr).toBe("permanent");
    }
  });

  it("retries what may pass", () => {
    for (const stderr of [
      "Error: Kubernetes cluster unreachable: Get \"https://127.0.0.1:6443/version\": dial tcp 127.0.0.1:6443: connect: connection refused",
      "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
      'Error: looks like "https://charts.loft.sh" is not a valid chart repository or cannot be reached: Get "https://charts.loft.sh/index.yaml": dial tcp: lookup charts.loft.sh: no such host',
      'Error: INSTALLATION FAILED: Unable to continue with install: Service "demo" in namespace "ns" exists and cannot be imported into the current release: invalid ownership metadata',
      "",
    ]) {
      expect(classifyHelmOutput(stderr), stderr).toBe("transient");
    }
  });
});

describe("classifyFailure", () => {
  it("retries what it does not know, as the runner always did", () => {
    expect(classifyFailure(new Error("the control plane does not answer yet"))).toBe("transient");
    expect(classifyFailure("text")).toBe("transient");
    expect(classifyFailure(undefined)).toBe("transient");
  });

  it("takes an error's own class", () => {
    expect(classifyFailure(classified("permanent"))).toBe("permanent");
    expect(classifyFailure(classified("transient"))).toBe("transient");
  });

  it("classifies a use case's refusal by its code when nothing underneath knows better", () => {
    expect(classifyFailure(new AppError("PRECONDITION_FAILED", "the platform Secret is missing"))).toBe("permanent");
    expect(classifyFailure(new AppError("SERVICE_UNAVAILABLE", "no host cluster"))).toBe("permanent");
    expect(classifyFailure(new AppError("BAD_REQUEST", "bad"))).toBe("permanent");
    expect(classifyFailure(new AppError("CONFLICT", "namespace still terminating"))).toBe("transient");
    expect(classifyFailure(new AppError("TOO_MANY_REQUESTS", "slow down"))).toBe("transient");
    expect(classifyFailure(new AppError("PRECONDITION_FAILED", "x", { cause: new Error("unclassified") }))).toBe("permanent");
  });

  it("lets the classified cause of an AppError decide", () => {
    expect(classifyFailure(new AppError("PRECONDITION_FAILED", "Could not reach the cluster's API server", { cause: classified("transient") }))).toBe("transient");
    expect(classifyFailure(new AppError("CONFLICT", "x", { cause: classified("permanent") }))).toBe("permanent");
    expect(classifyFailure(new Error("wrapper", { cause: classified("permanent") }))).toBe("permanent");
  });

  it("survives a cycle in the cause chain", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(classifyFailure(a)).toBe("transient");
  });
});
