import { describe, expect, it } from "vitest";
import { orderMounts, quote, sandboxScript } from "./container-sandbox-script";

describe("container sandbox script", () => {
  it("binds a source before a mount covers the directory it lives in", () => {
    const mounts = [
      { source: "/tmp/pod/volumes/tmp", target: "/tmp" },
      { source: "/tmp/pod/serviceaccount", target: "/var/run/secrets/kubernetes.io/serviceaccount" },
      { source: "/tmp/pod/resolv.conf", target: "/etc/resolv.conf" },
    ];
    expect(orderMounts(mounts).map((m) => m.target)).toEqual(["/var/run/secrets/kubernetes.io/serviceaccount", "/etc/resolv.conf", "/tmp"]);
  });

  it("mounts a directory before the volumes mounted inside it", () => {
    const mounts = [
      { source: "/tmp/pod/volumes/next-cache", target: "/app/.next/cache" },
      { source: "/repo", target: "/app" },
    ];
    expect(orderMounts(mounts).map((m) => m.target)).toEqual(["/app", "/app/.next/cache"]);
  });

  it("refuses mounts that cover each other's sources", () => {
    expect(() => orderMounts([{ source: "/b/x", target: "/a" }, { source: "/a/y", target: "/b" }])).toThrow(/cover each other/);
  });

  it("quotes every path and argument for sh", () => {
    expect(quote("it's")).toBe(`'it'\\''s'`);
    const script = sandboxScript({
      hostname: "web-1",
      imageFiles: [{ target: "/app", source: "/repo", file: false }],
      imageDirs: ["/usr/local/bin"],
      mounts: [{ source: "/s/home", target: "/home/kubebyon", readOnly: false }],
      readOnlyRootFilesystem: true,
      uid: 10001,
      gid: 10001,
      cwd: "/app",
      argv: ["node", "server.js", "--flag=a b"],
    });
    expect(script).toContain("mount --bind '/repo' '/app'\nmount -o remount,bind,ro '/app'");
    expect(script).not.toContain("mount -o remount,bind,ro '/home/kubebyon'");
    expect(script).toContain("mount -o remount,bind,ro /\n");
    expect(script.trim().split("\n").at(-1)).toBe(
      "exec setpriv --reuid=10001 --regid=10001 --clear-groups --inh-caps=-all --bounding-set=-all -- 'node' 'server.js' '--flag=a b'",
    );
  });
});
