/**
 * True when a Prisma write failed on a unique constraint (Prisma's error code P2002), e.g. a
 * second account with the same email. Callers turn it into `AppError("CONFLICT", …)`.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
