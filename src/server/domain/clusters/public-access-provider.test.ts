import { describe, expect, it } from "vitest";
import { providerChangeRefusal, PUBLIC_ACCESS_PROVIDERS } from "./public-access-provider";

describe("public_access_provider in a settings update", () => {
  it("accepts an absent value and the deployment's own (a client may send back what it read)", () => {
    for (const deployed of PUBLIC_ACCESS_PROVIDERS) {
      expect(providerChangeRefusal(undefined, deployed)).toBeNull();
      expect(providerChangeRefusal(deployed, deployed)).toBeNull();
    }
  });

  it("refuses another value and says where the setting lives", () => {
    expect(providerChangeRefusal("gatewayapi", "haproxy")).toBe(
      "public_access_provider cannot be changed here: this deployment uses haproxy, set by KUBEBYON_PUBLIC_ACCESS_PROVIDER (chart value publicAccess.provider); restart to change.",
    );
  });
});
