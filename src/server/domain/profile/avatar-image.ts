/**
 * Avatar uploads are checked by their bytes, never by a client-sent type or
 * file name: the magic number picks the format and the format's own header
 * gives the dimensions. Anything we cannot parse is refused, so the server
 * only ever stores (and serves with a fixed Content-Type) PNG, JPEG or WebP.
 */

export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MAX_DIMENSION = 4096;

export type AvatarContentType = "image/png" | "image/jpeg" | "image/webp";

export interface AvatarImageInfo {
  contentType: AvatarContentType;
  width: number;
  height: number;
}

/** Why an upload was refused; the service turns each into a 400 that says what to do. */
export type AvatarRejection =
  | { reason: "empty" }
  | { reason: "too_large"; bytes: number }
  | { reason: "unsupported_format" }
  | { reason: "corrupt"; format: AvatarContentType }
  | { reason: "too_many_pixels"; width: number; height: number };

export type AvatarInspection = { ok: true; image: AvatarImageInfo } | { ok: false; rejection: AvatarRejection };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

type Dimensions = { width: number; height: number } | null;

/** PNG: the first chunk must be IHDR (13 bytes) holding width and height, big-endian. */
function pngDimensions(b: Uint8Array): Dimensions {
  if (b.length < 33 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (reserved) and CC (DAC) share the range but are not frames.
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walk the marker segments up to the first start-of-frame. */
function jpegDimensions(b: Uint8Array): Dimensions {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame header
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: RIFF container; the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, holds the canvas size). */
function webpDimensions(b: Uint8Array): Dimensions {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

function sniff(b: Uint8Array): { type: AvatarContentType; dimensions: (b: Uint8Array) => Dimensions } | null {
  if (startsWith(b, PNG_SIGNATURE)) return { type: "image/png", dimensions: pngDimensions };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", dimensions: jpegDimensions };
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return { type: "image/webp", dimensions: webpDimensions };
  return null;
}

/** Decides whether `bytes` may become an avatar: size, format by content, and dimensions from the header. */
export function inspectAvatarImage(bytes: Uint8Array): AvatarInspection {
  if (bytes.length === 0) return { ok: false, rejection: { reason: "empty" } };
  if (bytes.length > AVATAR_MAX_BYTES) return { ok: false, rejection: { reason: "too_large", bytes: bytes.length } };
  const format = sniff(bytes);
  if (!format) return { ok: false, rejection: { reason: "unsupported_format" } };
  const size = format.dimensions(bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, rejection: { reason: "corrupt", format: format.type } };
  if (size.width > AVATAR_MAX_DIMENSION || size.height > AVATAR_MAX_DIMENSION) {
    return { ok: false, rejection: { reason: "too_many_pixels", ...size } };
  }
  return { ok: true, image: { contentType: format.type, ...size } };
}
