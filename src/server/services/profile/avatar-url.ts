/**
 * Where an avatar is served. The version (start of the image's SHA-256) changes
 * with every new image, so browsers may cache one URL for long and still see
 * a new upload at once.
 */
export const avatarUrl = (userId: string, sha256: string) => `/api/avatars/${encodeURIComponent(userId)}?v=${sha256.slice(0, 16)}`;
