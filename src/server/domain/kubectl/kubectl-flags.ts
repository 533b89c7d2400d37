/**
 * The flags the console's kubectl accepts, per command, with whether each
 * takes a value. Knowing the exact arity (as kubectl 1.37's own flag sets
 * define it) is what lets the policy read argv the way kubectl will: `-nf`
 * is namespace "f", not -f; `-Af` is -A plus -f. A flag not listed here is
 * refused, so a new kubectl flag is closed until someone reviews it.
 */

export interface FlagSpec {
  long: string;
  short?: string;
  takesValue: boolean;
}

const v = (long: string, short?: string): FlagSpec => ({ long, short, takesValue: true });
const b = (long: string, short?: string): FlagSpec => ({ long, short, takesValue: false });

/** Global flags that are harmless; the only ones accepted before the command name. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  v("namespace", "n"),
  b("match-server-version"),
  b("warnings-as-errors"),
  b("disable-compression"),
  b("help", "h"),
];

const allNamespaces = b("all-namespaces", "A");
const selector = v("selector", "l");
const output = v("output", "o");
const printing = [b("allow-missing-template-keys"), b("show-managed-fields"), v("template")];

/** Read-only commands ("verb" or "verb sub") and their own flags. */
export const COMMAND_FLAGS: Readonly<Record<string, readonly FlagSpec[]>> = {
  get: [
    allNamespaces, selector, output, ...printing,
    v("chunk-size"), v("field-selector"), b("ignore-not-found"), v("label-columns", "L"), b("no-headers"),
    b("output-watch-events"), b("recursive", "R"), b("server-print"), b("show-kind"), b("show-labels"),
    v("sort-by"), v("subresource"),
  ],
  describe: [allNamespaces, selector, v("chunk-size"), b("recursive", "R"), b("show-events")],
  logs: [
    selector, b("all-containers"), b("all-pods"), v("container", "c"), b("ignore-errors"), v("limit-bytes"),
    v("max-log-requests"), v("pod-running-timeout"), b("prefix"), b("previous", "p"), v("since"),
    v("since-time"), v("tail"), b("timestamps"),
  ],
  "top pod": [
    allNamespaces, selector, b("containers"), v("field-selector"), b("no-headers"), b("show-swap"),
    v("sort-by"), b("sum"), b("use-protocol-buffers"),
  ],
  "top node": [selector, b("no-headers"), b("show-capacity"), b("show-swap"), v("sort-by"), b("use-protocol-buffers")],
  explain: [output, v("api-version"), v("max-depth"), b("recursive", "R")],
  "api-resources": [
    output, b("show-managed-fields"), v("api-group"), b("cached"), v("categories"), b("namespaced"),
    b("no-headers"), v("sort-by"), v("verbs"),
  ],
  "api-versions": [],
  version: [output, b("client")],
  "cluster-info": [],
  events: [allNamespaces, output, ...printing, v("chunk-size"), v("for"), b("no-headers"), v("types")],
  "auth can-i": [allNamespaces, b("list"), b("no-headers"), b("quiet", "q"), v("subresource")],
  "rollout history": [selector, output, ...printing, b("recursive", "R"), v("revision")],
};

/** Sub-command names kubectl accepts for `top` (its aliases included), mapped to our table key. */
export const TOP_SUBCOMMANDS: Readonly<Record<string, string>> = {
  pod: "top pod",
  pods: "top pod",
  po: "top pod",
  node: "top node",
  nodes: "top node",
  no: "top node",
};

/**
 * `-o` formats that read a file from the server's disk (kubectl 1.37: cli-runtime's template and
 * jsonpath printers, kubectl get's custom-columns printer), each with the inline form to use instead.
 * The file path is either after `=` or the --template value.
 */
export const FILE_OUTPUT_FORMATS: Readonly<Record<string, string>> = {
  "go-template-file": "-o go-template='{{.metadata.name}}'",
  templatefile: "-o template='{{.metadata.name}}'",
  "jsonpath-file": "-o jsonpath='{.metadata.name}'",
  "custom-columns-file": "-o custom-columns=NAME:.metadata.name",
};

/**
 * Every other `-o` format the console passes on (name before any `=`, compared in lower case).
 * An allow-list like the flags: a printer a future kubectl adds stays closed until reviewed.
 * `plaintext`/`plaintext-openapiv2` are explain's formats.
 */
export const INLINE_OUTPUT_FORMATS: ReadonlySet<string> = new Set([
  "json", "yaml", "kyaml", "wide", "name", "go-template", "template", "jsonpath", "jsonpath-as-json",
  "custom-columns", "plaintext", "plaintext-openapiv2",
]);

/** kubectl normalises `_` to `-` in flag names (`--as_group` is `--as-group`); so do we. */
export const normaliseFlagName = (name: string) => name.replaceAll("_", "-");
