import { isIP } from "node:net";
import { z } from "zod";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import { parseResolverAddress } from "@/server/domain/dns/resolver-address";
import { parseCidrList } from "@/server/domain/net/cidr";

/**
 * The kinds of value a setting (settings.ts) can hold. A kind carries both the zod schema that
 * parses the raw variable (string or unset) and what the generated documentation and examples
 * show: the default as an operator would write it, the accepted range, the choices. So a default
 * is written once, as the argument of its kind.
 */
export interface SettingKind<T> {
  /** Parses the raw value (unset: undefined) into what Config holds; the default is applied here. */
  readonly schema: z.ZodType<T>;
  /** The value used when the variable is unset, as it would be written in an env file; undefined: none. */
  readonly default?: string;
  /** Accepted range for the docs ("min 5", "1–30"). */
  readonly bounds?: string;
  /** The accepted values, for kinds that are a fixed list (the charts' schema offers exactly these). */
  readonly choices?: readonly string[];
  /** A value this kind refuses (the registry test checks that start-up then fails naming the variable). */
  readonly rejects?: string;
}

const kind = <T>(schema: z.ZodType<T>, meta: Omit<SettingKind<T>, "schema"> = {}): SettingKind<T> => ({ schema, ...meta });

/** Blank (empty or spaces) counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** `true/false/1/0/yes/no/on/off`. */
export const flag = (fallback: boolean): SettingKind<boolean> =>
  kind(
    z
      .stringbool({ truthy: ["true", "1", "yes", "on"], falsy: ["false", "0", "no", "off"] })
      .optional()
      .transform((v) => v ?? fallback),
    { default: String(fallback), rejects: "maybe" },
  );

interface IntegerBounds {
  min?: number;
  max?: number;
  /** Message when below min / above max (zod's own otherwise). */
  tooSmall?: string;
  tooBig?: string;
}

/** A whole number; min defaults to 0. */
export function integer(fallback: number, bounds?: IntegerBounds): SettingKind<number>;
export function integer(fallback: undefined, bounds?: IntegerBounds): SettingKind<number | undefined>;
export function integer(fallback: number | undefined, { min = 0, max, tooSmall, tooBig }: IntegerBounds = {}): SettingKind<number | undefined> {
  let schema = z.coerce.number().int().min(min, tooSmall);
  if (max !== undefined) schema = schema.max(max, tooBig);
  const range = max !== undefined ? `${min}–${max}` : min > 0 ? `min ${min}` : undefined;
  return kind(
    schema.optional().transform((v) => v ?? fallback),
    { default: fallback === undefined ? undefined : String(fallback), bounds: range, rejects: "1.5" },
  );
}

/** Free text; blank counts as unset. */
export function text(fallback: string): SettingKind<string>;
export function text(fallback?: undefined): SettingKind<string | undefined>;
export function text(fallback?: string): SettingKind<string | undefined> {
  return kind(optionalText.transform((v) => v ?? fallback), { default: fallback });
}

/** Free text kept as given (not blank-checked): the SMTP sender, whose presence is checked with its host. */
export const rawText = (): SettingKind<string | undefined> => kind(z.string().trim().optional());

/** One of a fixed list. `blankIsUnset`: an empty or blank value means the default (else it is refused). */
export function choice<const V extends string>(options: readonly [V, ...V[]], fallback: V, opts?: { message?: string; blankIsUnset?: boolean }): SettingKind<V>;
export function choice<const V extends string>(options: readonly [V, ...V[]], fallback: undefined, opts?: { message?: string; blankIsUnset?: boolean }): SettingKind<V | undefined>;
export function choice<const V extends string>(
  options: readonly [V, ...V[]],
  fallback: V | undefined,
  { message, blankIsUnset = false }: { message?: string; blankIsUnset?: boolean } = {},
): SettingKind<V | undefined> {
  const values = z.enum(options, message ? { message } : undefined);
  const schema: z.ZodType<V | undefined> = blankIsUnset
    ? z
        .string()
        .trim()
        .optional()
        .transform((v) => v || fallback)
        // Not optional when there is a default: zod leaves an absent key out when the schema's output may be undefined.
        .pipe(fallback === undefined ? values.optional() : values)
    : values.optional().transform((v) => v ?? fallback);
  return kind(schema, { default: fallback, choices: options, rejects: "not-one-of-them" });
}

/** The text of a pattern-checked URL-ish value, unset allowed. */
export const postgresUrl = (): SettingKind<string | undefined> =>
  kind(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/.+/, "expected postgresql://user:password@host:5432/db")
      .optional(),
    { rejects: "mysql://db" },
  );

/** amqp(s)://…; empty counts as unset. */
export const amqpUrl = (): SettingKind<string | undefined> =>
  kind(
    z
      .string()
      .trim()
      .regex(/^amqps?:\/\/.+/, "expected amqp://user:password@host:5672/vhost")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    { rejects: "http://broker" },
  );

/** `[host]:port` (host may be empty). */
export const listenAddr = (fallback: string): SettingKind<string> =>
  kind(
    z
      .string()
      .trim()
      .regex(/^([0-9a-zA-Z.\-[\]:]*):(\d{1,5})$/, "expected [host]:port, e.g. :3000 or 127.0.0.1:3000")
      .optional()
      .transform((v) => v ?? fallback),
    { default: fallback, rejects: "3000" },
  );

/**
 * `[host]:port` of a small listener: an empty host listens on every address, port 0 lets the kernel pick one (the
 * process logs it; tests run many at once).
 */
export const hostPort = (fallback: string): SettingKind<{ host: string | undefined; port: number }> =>
  kind(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const parts = splitHostPort(v || fallback);
        if (!parts || parts.port > 65535) {
          ctx.addIssue({ code: "custom", message: "expected [host]:port with a port 0-65535, e.g. :9090 or 127.0.0.1:9090" });
          return z.NEVER;
        }
        return { host: parts.host || undefined, port: parts.port };
      }),
    { default: fallback, rejects: "9090" },
  );

/** `host:port` or `[v6]:port` split into its parts (host possibly empty), or undefined when the text is neither. */
function splitHostPort(text: string): { host: string; bracketed: boolean; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9a-zA-Z.-]*)):(\d{1,5})$/.exec(text);
  if (!match) return undefined;
  return { host: match[1] ?? match[2] ?? "", bracketed: match[1] !== undefined, port: Number(match[3]) };
}

/** Any absolute URL (unset allowed). */
export const url = (message: string): SettingKind<string | undefined> => kind(z.url({ message }).optional(), { rejects: "not a url" });

/** Comma-separated words, trimmed, blanks dropped. */
export const commaList = (): SettingKind<string[]> =>
  kind(
    z
      .string()
      .optional()
      .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean)),
  );

export const cidrList = (): SettingKind<ReturnType<typeof parseCidrList>> =>
  kind(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return parseCidrList(v ?? "");
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `expected comma-separated CIDRs like 127.0.0.1/32,10.0.0.0/8 (${(error as Error).message})` });
          return z.NEVER;
        }
      }),
    { rejects: "10.0.0.0/99" },
  );

/** An http(s) base URL without its trailing slash (provider endpoints are appended to it). */
export const baseUrl = (fallback: string): SettingKind<string> =>
  kind(
    z
      .url({ protocol: /^https?$/, message: "expected an http(s) URL such as https://github.com" })
      .optional()
      .transform((v) => (v ?? fallback).replace(/\/+$/, "")),
    { default: fallback, rejects: "ftp://example.com" },
  );

/**
 * An RBAC object name (apimachinery's path-segment rule: not "." or "..", no "/" or "%"); ":" is
 * allowed, as in system:aggregate-to-edit.
 */
export const rbacName = (): SettingKind<string | undefined> =>
  kind(
    optionalText.pipe(
      z
        .string()
        .max(253)
        .regex(/^[^/%]+$/, "expected a ClusterRole name (no / or %)")
        .refine((v) => v !== "." && v !== "..", "expected a ClusterRole name")
        .optional(),
    ),
    { rejects: "a/b" },
  );

/** A Kubernetes object name (DNS-1123 subdomain: lower-case labels joined by dots, at most 253 characters). */
export function objectName(what: string, fallback: string): SettingKind<string>;
export function objectName(what: string, fallback?: undefined): SettingKind<string | undefined>;
export function objectName(what: string, fallback?: string): SettingKind<string | undefined> {
  return kind(
    optionalText
      .pipe(
        z
          .string()
          .max(253, `expected ${what} (at most 253 characters)`)
          .refine((v) => v.split(".").every((label) => isDnsLabel(label)), `expected ${what} (lower-case letters, digits, '-' and '.')`)
          .optional(),
      )
      .transform((v) => v ?? fallback),
    { default: fallback, rejects: "Not_A_Name" },
  );
}

/** A namespace name (a DNS label); blank counts as unset. */
export const namespaceName = (): SettingKind<string | undefined> =>
  kind(optionalText.pipe(z.string().refine((v) => isDnsLabel(v), "expected a namespace name (a DNS label)").optional()), { rejects: "a.b" });

/** Comma-separated DNS servers (ip or ip:port, [v6]:port); empty: the system resolver. */
export const resolverList = (): SettingKind<string[]> =>
  kind(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return (v ?? "").split(",").map((s) => s.trim()).filter(Boolean).map(parseResolverAddress);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `expected comma-separated DNS servers like 1.1.1.1,10.0.0.2:53 (${(error as Error).message})` });
          return z.NEVER;
        }
      }),
    { rejects: "dns.example.com" },
  );

/** An absolute path without whitespace (HAProxy config and socket paths: rendered into haproxy.cfg / its command line). */
export const absolutePath = (): SettingKind<string | undefined> =>
  kind(optionalText.pipe(z.string().regex(/^\/\S*$/, "expected an absolute path without spaces, e.g. /run/haproxy/haproxy.cfg").optional()), { rejects: "relative.cfg" });

/** A listening address host:port or [v6]:port; the host must be an IP address (HAProxy binds it without a resolver). */
export const ipBindAddr = (fallback: string, example: string): SettingKind<{ address: string; port: number }> =>
  kind(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const parts = splitHostPort(v || fallback);
        const address = parts?.host ?? "";
        const port = parts?.port ?? 0;
        if (!parts || isIP(address) === 0 || parts.bracketed !== (isIP(address) === 6) || port < 1 || port > 65535) {
          ctx.addIssue({ code: "custom", message: `expected an IP address and port 1-65535, e.g. ${example}` });
          return z.NEVER;
        }
        return { address, port };
      }),
    { default: fallback, rejects: "edge.example.com:443" },
  );

/** An https:// base URL without query or fragment (what a vCluster's apiserver calls the admission webhook at). */
export const httpsBaseUrl = (): SettingKind<string | undefined> =>
  kind(
    optionalText.pipe(
      z
        .string()
        .refine((v) => {
          try {
            const parsed = new URL(v);
            return parsed.protocol === "https:" && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
          } catch {
            return false;
          }
        }, "expected an https:// URL without query, fragment or credentials, e.g. https://kubebyon-admission.kubebyon.svc:443")
        .transform((v) => v.replace(/\/+$/, ""))
        .optional(),
    ),
    { rejects: "http://insecure.example.com" },
  );

/** A key of at least 32 characters (signing/encryption secrets). */
export const secretKey = (): SettingKind<string | undefined> =>
  kind(z.string().min(32, "expected at least 32 random characters (openssl rand -hex 32)").optional(), { rejects: "short" });

/** A password of at least `min` characters. */
export const password = (min: number): SettingKind<string | undefined> => kind(z.string().min(min, `expected at least ${min} characters`).optional(), { rejects: "short" });

export const email = (fallback: string): SettingKind<string> =>
  kind(
    z
      .email({ message: "expected an email address" })
      .optional()
      .transform((v) => v ?? fallback),
    { default: fallback, rejects: "not-an-address" },
  );

/** A Kubernetes Node name, required. */
export const requiredNodeName = (requiredMessage: string): SettingKind<string> =>
  kind(
    z
      .string({ message: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(253)
      .refine((v) => v.split(".").every((label) => isDnsLabel(label)), "expected a Node name (lower-case letters, digits, '-' and '.')"),
    { rejects: "Host_1" },
  );

/** A value another program reads (next-auth, Next.js); accepted as is. */
export const foreign = (): SettingKind<string | undefined> => kind(z.string().optional());
