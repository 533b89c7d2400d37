/**
 * The import graph of src/server/services collapsed to its areas
 * (services/<area>/…, or a top-level file such as services/service-deps.ts),
 * and the cycles in it. Type-only imports count: a type edge between two areas
 * couples them as much as a value edge, and the file-level no-circular rule of
 * dependency-cruiser skips those.
 */
export interface ModuleEdges {
  source: string;
  dependencies: readonly { resolved: string }[];
}

const SERVICES = "src/server/services/";

/** `clusters` for src/server/services/clusters/x.ts, `service-deps.ts` for the shared top-level file, null outside services. */
export function serviceAreaOf(path: string): string | null {
  if (!path.startsWith(SERVICES)) return null;
  return path.slice(SERVICES.length).split("/")[0] ?? null;
}

/** Area → the areas it imports (test files excluded: a test may reach across areas to set a scene). */
export function collapseToAreas(modules: readonly ModuleEdges[], isTest: (path: string) => boolean): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const m of modules) {
    const from = serviceAreaOf(m.source);
    if (!from || isTest(m.source)) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const d of m.dependencies) {
      const to = serviceAreaOf(d.resolved);
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Every elementary cycle's strongly connected component with more than one area (Tarjan), each sorted, as `a -> b -> a` paths. */
export function areaCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  return components.map((component) => cyclePath(graph, component));
}

/** One concrete cycle through the component's first area, so the message shows the imports to remove. */
function cyclePath(graph: Map<string, Set<string>>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at: string | undefined = v; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component, start];
}
