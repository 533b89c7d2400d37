// ESLint rule: periodic work in src/server runs on the background engine (services/background), not on timers of its
// own. It reports every setInterval, and every setTimeout whose callback calls the function that contains the
// setTimeout (a timer that reschedules its own function). One-shot timers — a timeout on a call, a retry after a
// dropped connection — stay allowed. docs/architecture.md "Add a background task" says where such work goes.

const TIMERS = new Set(["setTimeout", "setInterval"]);

/** `setTimeout`, `globalThis.setTimeout`, `global.setTimeout`: the timer's name, else undefined. */
function timerName(callee) {
  if (callee.type === "Identifier" && TIMERS.has(callee.name)) return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier" && TIMERS.has(callee.property.name)) {
    const object = callee.object;
    if (object.type === "Identifier" && (object.name === "globalThis" || object.name === "global" || object.name === "window")) return callee.property.name;
  }
  return undefined;
}

/** The names by which the functions around `node` can call themselves: a declaration's name, a variable or property holding it, a method. */
function enclosingFunctionNames(ancestors) {
  const names = new Set();
  for (let i = ancestors.length - 1; i >= 0; i -= 1) {
    const node = ancestors[i];
    if (node.type === "FunctionDeclaration" && node.id) names.add(node.id.name);
    if (node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression") {
      if (node.type === "FunctionExpression" && node.id) names.add(node.id.name);
      const parent = ancestors[i - 1];
      if (parent?.type === "VariableDeclarator" && parent.id.type === "Identifier") names.add(parent.id.name);
      if (parent?.type === "AssignmentExpression" && parent.left.type === "Identifier") names.add(parent.left.name);
      if ((parent?.type === "Property" || parent?.type === "PropertyDefinition") && parent.key.type === "Identifier") names.add(`this.${parent.key.name}`);
      if (parent?.type === "MethodDefinition" && parent.key.type === "Identifier") names.add(`this.${parent.key.name}`);
    }
  }
  return names;
}

/** Whether `node` (the timer's callback) mentions one of `names`: `tick`, or `this.tick` for a method. */
function mentions(node, names, visitorKeys) {
  let found = false;
  const visit = (n) => {
    if (found || !n || typeof n.type !== "string") return;
    if (n.type === "Identifier" && names.has(n.name)) found = true;
    else if (n.type === "MemberExpression" && n.object.type === "ThisExpression" && n.property.type === "Identifier" && names.has(`this.${n.property.name}`)) found = true;
    for (const key of visitorKeys[n.type] ?? []) {
      const child = n[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(node);
  return found;
}

export const noBackgroundLoops = {
  meta: {
    type: "problem",
    docs: { description: "Periodic work runs as a task of the background engine (services/background), not on its own timers." },
    messages: {
      interval:
        "setInterval is a background loop: make it a task (services/<area>/<name>.task.ts, one wiring line in composition/background-tasks.ts; docs/architecture.md \"Add a background task\").",
      reschedule:
        "This setTimeout reschedules the function that contains it, which is a background loop: make it a task (services/<area>/<name>.task.ts, one wiring line in composition/background-tasks.ts; docs/architecture.md \"Add a background task\").",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    return {
      CallExpression(node) {
        const timer = timerName(node.callee);
        if (!timer) return;
        if (timer === "setInterval") {
          context.report({ node, messageId: "interval" });
          return;
        }
        const callback = node.arguments[0];
        if (!callback) return;
        const names = enclosingFunctionNames(source.getAncestors(node));
        if (names.size > 0 && mentions(callback, names, source.visitorKeys)) context.report({ node, messageId: "reschedule" });
      },
    };
  },
};

const plugin = { rules: { "no-background-loops": noBackgroundLoops } };
export default plugin;
