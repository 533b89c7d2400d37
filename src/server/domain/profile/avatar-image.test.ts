import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, inspectAvatarImage } from "./avatar-image";

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (w: number, h: number) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32be(13), "IHDR", u32be(w), u32be(h), [8, 6, 0, 0, 0], [0, 0, 0, 0]);
// SOI, an APP0 segment to skip, fill bytes, then SOF2 (progressive) with height/width.
const jpeg = (w: number, h: number) =>
  bytes([0xff, 0xd8], [0xff, 0xe0, 0, 6], "JFIF", [0xff, 0xff, 0xc2, 0, 11, 8], [h >> 8, h & 255, w >> 8, w & 255], [1, 1, 0x11, 0]);
const riff = (chunk: string, payload: number[]) => bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [payload.length, 0, 0, 0], payload, new Array(8).fill(0));
const vp8 = (w: number, h: number) => riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h)]);
const vp8l = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  return riff("VP8L", [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255]);
};
const vp8x = (w: number, h: number) => riff("VP8X", [0, 0, 0, 0, ...le24(w - 1), ...le24(h - 1)]);

describe("inspectAvatarImage", () => {
  it.each([
    ["PNG", png(640, 480), "image/png"],
    ["JPEG (progressive, after APP0 and fill bytes)", jpeg(640, 480), "image/jpeg"],
    ["WebP lossy", vp8(640, 480), "image/webp"],
    ["WebP lossless", vp8l(640, 480), "image/webp"],
    ["WebP extended", vp8x(640, 480), "image/webp"],
  ])("reads %s: type from magic bytes, size from the header", (_, image, contentType) => {
    expect(inspectAvatarImage(image)).toEqual({ ok: true, image: { contentType, width: 640, height: 480 } });
  });

  it("allows exactly 4096 px and refuses one more, in either direction and every format", () => {
    expect(inspectAvatarImage(png(4096, 4096)).ok).toBe(true);
    for (const image of [png(4097, 1), jpeg(1, 4097), vp8l(4097, 2), vp8x(2, 16000)]) {
      expect(inspectAvatarImage(image)).toMatchObject({ ok: false, rejection: { reason: "too_many_pixels" } });
    }
  });

  it("refuses what is not PNG/JPEG/WebP whatever it claims to be", () => {
    for (const text of ["hello", '<svg xmlns="http://www.w3.org/2000/svg"/>', "GIF89a......", "RIFF\0\0\0\0WAVEfmt "]) {
      expect(inspectAvatarImage(bytes(text))).toEqual({ ok: false, rejection: { reason: "unsupported_format" } });
    }
    expect(inspectAvatarImage(new Uint8Array())).toEqual({ ok: false, rejection: { reason: "empty" } });
  });

  it("refuses a known signature whose header is missing or broken", () => {
    expect(inspectAvatarImage(png(10, 10).subarray(0, 20))).toEqual({ ok: false, rejection: { reason: "corrupt", format: "image/png" } });
    expect(inspectAvatarImage(png(0, 10))).toMatchObject({ ok: false, rejection: { reason: "corrupt" } });
    expect(inspectAvatarImage(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2], new Array(10).fill(0)))).toMatchObject({ ok: false, rejection: { reason: "corrupt" } });
    expect(inspectAvatarImage(riff("VP8 ", [0, 0, 0, 1, 2, 3, 0, 0, 0, 0]))).toMatchObject({ ok: false, rejection: { reason: "corrupt" } });
  });

  it("refuses files above the byte limit before looking at them", () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(png(10, 10));
    expect(inspectAvatarImage(big)).toEqual({ ok: false, rejection: { reason: "too_large", bytes: AVATAR_MAX_BYTES + 1 } });
  });
});
