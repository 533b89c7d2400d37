import { describe, expect, it } from "vitest";
import { subjectForUsername } from "./platform-identity";

describe("subjectForUsername", () => {
  it("binds a service account's token identity as that ServiceAccount", () => {
    expect(subjectForUsername("system:serviceaccount:kubebyon:kubebyon-web")).toEqual({ kind: "ServiceAccount", namespace: "kubebyon", name: "kubebyon-web" });
  });

  it("binds any other username as a User of the RBAC API group", () => {
    expect(subjectForUsername("kubernetes-admin")).toEqual({ kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "kubernetes-admin" });
    expect(subjectForUsername("oidc:alice@example.com")).toEqual({ kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "oidc:alice@example.com" });
  });

  it("does not take a malformed service-account name for a ServiceAccount", () => {
    for (const name of ["system:serviceaccount:kubebyon", "system:serviceaccount::web", "system:serviceaccount:a:b:c", "system:serviceaccounts:kubebyon"]) {
      expect(subjectForUsername(name), name).toEqual({ kind: "User", apiGroup: "rbac.authorization.k8s.io", name });
    }
  });
});
