import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IN_PROCESS_BASE, startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Avatar upload over the real REST route (JSON base64) and serving through the
 * real /api/avatars route handler, on a real database. Images are real files
 * written by Chromium's encoders (e2e/fixtures/images) or PNGs built here.
 */
let api: InProcessApi;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));

beforeAll(async () => {
  api = await startInProcessApi("profile_avatar");
});
afterAll(() => api?.close());

/** A real (decodable) greyscale PNG of the given size; rows of zeros compress to almost nothing. */
function buildPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height); // filter byte 0 + pixels per row
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

async function upload(cookie: string, bytes: Buffer) {
  const res = await api.rest("PUT", "/profile/avatar", { cookie, body: { image_base64: bytes.toString("base64") } });
  return { status: res.status, body: (await res.json()) as { avatar_url?: string | null; message?: string } };
}

async function serve(userId: string, init: { cookie?: string; token?: string; ifNoneMatch?: string } = {}) {
  const { GET } = await import("@/app/api/avatars/[userId]/route");
  const headers = new Headers();
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.ifNoneMatch) headers.set("if-none-match", init.ifNoneMatch);
  return GET(new Request(`${IN_PROCESS_BASE}/api/avatars/${userId}`, { headers }), { params: Promise.resolve({ userId }) });
}

describe("avatar upload and serving", () => {
  it.each([
    ["avatar-48x32.png", "image/png"],
    ["avatar-48x32.jpg", "image/jpeg"],
    ["avatar-48x32.webp", "image/webp"],
  ])("accepts a real %s and serves it back byte-identical as %s with nosniff and an ETag", async (file, type) => {
    const user = await api.createUser(`avatar-${file.replace(/\W/g, "-")}@example.test`, "avatar-user-password");
    const bytes = fixture(file);
    const up = await upload(user.cookie, bytes);
    expect(up.status).toBe(200);
    expect(up.body.avatar_url).toMatch(new RegExp(`^/api/avatars/${user.id}\\?v=[0-9a-f]{16}$`));

    const res = await serve(user.id, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Revalidation with the ETag: 304 without a body.
    const again = await serve(user.id, { cookie: user.cookie, ifNoneMatch: etag! });
    expect(again.status).toBe(304);

    const row = await api.runtime.deps.db.userAvatar.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ contentType: type, width: 48, height: 32, byteSize: bytes.length });
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { actorUserId: user.id, action: "profile.avatar_upload" } });
    expect(audit).toMatchObject({ result: "success", ip: "198.51.100.10", metadata: { content_type: type, width: 48, height: 32 } });
  });

  it("decides the type by content: PNG bytes are stored and served as image/png whatever the client thinks", async () => {
    const user = await api.createUser("renamed@example.test", "avatar-user-password");
    // Same bytes a browser would send for "photo.jpg"; there is no name or type in the request to trust.
    expect((await upload(user.cookie, fixture("avatar-48x32.png"))).status).toBe(200);
    expect((await serve(user.id, { cookie: user.cookie })).headers.get("content-type")).toBe("image/png");
  });

  it("refuses text, SVG, oversized files and too many pixels with clear 400s and keeps the old avatar", async () => {
    const user = await api.createUser("refused@example.test", "avatar-user-password");
    expect((await upload(user.cookie, fixture("avatar-48x32.webp"))).status).toBe(200);
    const before = await api.runtime.deps.db.userAvatar.findUniqueOrThrow({ where: { userId: user.id } });

    const text = await upload(user.cookie, Buffer.from("just some text, not an image\n"));
    expect(text).toMatchObject({ status: 400, body: { message: expect.stringMatching(/Only PNG, JPEG and WebP/) } });
    const svg = await upload(user.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'));
    expect(svg).toMatchObject({ status: 400, body: { message: expect.stringMatching(/Only PNG, JPEG and WebP/) } });

    const big = Buffer.concat([fixture("avatar-48x32.png"), Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(user.cookie, big);
    expect(tooBig).toMatchObject({ status: 400, body: { message: "The image is 1025 KiB; the limit is 1 MiB (1024 KiB). Choose a smaller image." } });

    const wide = await upload(user.cookie, buildPng(5000, 1));
    expect(wide).toMatchObject({ status: 400, body: { message: "The image is 5000×1 pixels; at most 4096×4096 is allowed. Scale it down and retry." } });
    expect((await upload(user.cookie, buildPng(4096, 2))).status).toBe(200);

    const truncated = await upload(user.cookie, fixture("avatar-48x32.png").subarray(0, 20));
    expect(truncated).toMatchObject({ status: 400, body: { message: expect.stringMatching(/header cannot be read/) } });

    const notBase64 = await api.rest("PUT", "/profile/avatar", { cookie: user.cookie, body: { image_base64: "data:image/png;base64,AAAA" } });
    expect(notBase64.status).toBe(400);

    const failures = await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: user.id, action: "profile.avatar_upload_failed", result: "failure" } });
    expect(failures).toBe(5);
    const after = await api.runtime.deps.db.userAvatar.findUniqueOrThrow({ where: { userId: user.id } });
    expect(after.sha256).not.toBe(before.sha256); // the 4096×2 PNG replaced it; the refused ones did not
    expect(after).toMatchObject({ contentType: "image/png", width: 4096, height: 2 });
  });

  it("shows an avatar only to its owner and administrators; delete removes it", async () => {
    const owner = await api.createUser("owner@example.test", "avatar-user-password");
    const other = await api.createUser("nosy@example.test", "avatar-user-password");
    const admin = await api.createUser("avatar-admin@example.test", "avatar-user-password", "admin");
    expect((await upload(owner.cookie, fixture("avatar-48x32.jpg"))).status).toBe(200);

    expect((await serve(owner.id)).status).toBe(401);
    expect((await serve(owner.id, { cookie: other.cookie })).status).toBe(404);
    expect((await serve(owner.id, { cookie: admin.cookie })).status).toBe(200);

    const del = await api.rest("DELETE", "/profile/avatar", { cookie: owner.cookie });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { avatar_url: string | null }).avatar_url).toBeNull();
    expect((await serve(owner.id, { cookie: owner.cookie })).status).toBe(404);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: owner.id, action: "profile.avatar_delete" } })).toBe(1);
    // Idempotent: a second delete answers 200 and records nothing new.
    expect((await api.rest("DELETE", "/profile/avatar", { cookie: owner.cookie })).status).toBe(200);
    expect(await api.runtime.deps.db.auditEvent.count({ where: { actorUserId: owner.id, action: "profile.avatar_delete" } })).toBe(1);
  });
});
