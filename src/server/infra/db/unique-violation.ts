/** Prisma's unique-constraint error (P2002), without importing its error classes into every use case. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}
