/** API timestamps are ISO 8601 strings; absent ones are null. */
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
