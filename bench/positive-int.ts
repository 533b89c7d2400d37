/** A benchmark's numeric option, refused with its flag's name when it is not a positive integer. */
export function positiveInt(name: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got '${raw}')`);
  return n;
}
