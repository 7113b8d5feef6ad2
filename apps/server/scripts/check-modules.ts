/**
 * `npm run check:modules` (part of `npm run check`): the server's modules (`apps/server/src/modules/<m>/`)
 * and how they depend on one another.
 * - A module enters another only through its front door: `../<other>/index.js`. Any other file of
 *   another module is refused, type-only imports included (what a module offers is what its index
 *   exports).
 * - The module graph of runtime imports (type-only imports may cross: they vanish from the build)
 *   has no cycle. The graph is printed in layers, lowest first: a module imports only modules of
 *   lower layers. A cycle fails the check and is named.
 * `--report` prints the graph and the problems but exits 0 (to see where a reshaping stands).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
const reportOnly = process.argv.includes('--report');

interface CrossImport {
  from: string;
  file: string;
  line: number;
  to: string;
  target: string;
  typeOnly: boolean;
}

/** Whether an import or export declaration brings in only types. */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** The module a relative specifier of a file of `module` lands in, with the path inside it. */
function landing(file: string, specifier: string): { module: string; target: string } | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const resolved = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
  if (resolved.startsWith('..')) return undefined;
  const [module, ...rest] = resolved.split(path.sep);
  // A file beside the modules (manifest.ts, the shape every module's manifest has) is no module.
  if (!module || rest.length === 0) return undefined;
  return { module, target: rest.join('/') };
}

async function crossImports(): Promise<{ modules: string[]; imports: CrossImport[] }> {
  const modules = (await readdir(modulesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const imports: CrossImport[] = [];
  for (const module of modules) {
    const entries = await readdir(path.join(modulesDir, module), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const source = ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        let specifier: string | undefined;
        let typeOnly = false;
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
          specifier = (node.moduleSpecifier as ts.StringLiteral).text;
          typeOnly = isTypeOnly(node);
        } else if (
          ts.isCallExpression(node) &&
          node.expression.kind === ts.SyntaxKind.ImportKeyword &&
          node.arguments[0] &&
          ts.isStringLiteral(node.arguments[0])
        ) {
          specifier = node.arguments[0].text;
        } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
          specifier = (node.argument.literal as ts.StringLiteral).text;
          typeOnly = true;
        }
        const lands = specifier ? landing(file, specifier) : undefined;
        if (lands && lands.module !== module) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          imports.push({
            from: module,
            file: path.relative(process.cwd(), file),
            line: line + 1,
            to: lands.module,
            target: lands.target,
            typeOnly,
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { modules, imports };
}

/** Tarjan's strongly connected components: the cycles, each as its modules. */
function cyclesOf(modules: string[], edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (module: string) => {
    indexOf.set(module, index);
    low.set(module, index);
    index += 1;
    stack.push(module);
    onStack.add(module);
    for (const next of edges.get(module) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(module, Math.min(low.get(module) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(module) === indexOf.get(module)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      if (component.length > 1 || edges.get(module)?.has(module)) components.push(component.sort());
    }
  };
  for (const module of modules) if (!indexOf.has(module)) connect(module);
  return components;
}

/** One path around a cycle, for its message: a → b → … → a. */
function pathAround(component: string[], edges: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = component[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift() as string;
    for (const next of edges.get(module) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const route = [start];
        for (let at: string | undefined = module; at && at !== start; at = previous.get(at)) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!previous.has(next)) {
        previous.set(next, module);
        queue.push(next);
      }
    }
  }
  return component;
}

/** Layers, lowest first: each module above everything it imports (cycles collapsed into one). */
function layersOf(modules: string[], edges: Map<string, Set<string>>, cycles: string[][]): string[][] {
  const groupOf = new Map<string, string>();
  for (const cycle of cycles) for (const module of cycle) groupOf.set(module, `(${cycle.join(' ')})`);
  const group = (module: string) => groupOf.get(module) ?? module;
  const depth = new Map<string, number>();
  const depthOf = (node: string, seen: Set<string>): number => {
    const known = depth.get(node);
    if (known !== undefined) return known;
    const members = modules.filter((module) => group(module) === node);
    let deepest = -1;
    for (const member of members)
      for (const next of edges.get(member) ?? []) {
        const target = group(next);
        if (target === node || seen.has(target)) continue;
        deepest = Math.max(deepest, depthOf(target, new Set([...seen, node])));
      }
    depth.set(node, deepest + 1);
    return deepest + 1;
  };
  const layers: string[][] = [];
  for (const node of new Set(modules.map(group))) {
    const at = depthOf(node, new Set());
    const layer = layers[at] ?? [];
    layer.push(node);
    layers[at] = layer;
  }
  return layers.map((layer) => layer.sort());
}

const { modules, imports } = await crossImports();
const edges = new Map<string, Set<string>>();
for (const entry of imports.filter((entry) => !entry.typeOnly)) {
  const targets = edges.get(entry.from) ?? new Set<string>();
  targets.add(entry.to);
  edges.set(entry.from, targets);
}
const cycles = cyclesOf(modules, edges);
const layers = layersOf(modules, edges, cycles);
const sideDoors = imports.filter((entry) => entry.target !== 'index.js' && entry.target !== 'index.ts');

console.log(
  `Server modules: ${modules.length}; import lines across modules: ${imports.length} (${imports.filter((entry) => !entry.typeOnly).length} at run time).`,
);
console.log('Layers, lowest first (a module imports only from layers below it):');
for (const [at, layer] of layers.entries()) console.log(`  ${at}: ${layer.join(', ')}`);
for (const cycle of cycles) console.log(`Cycle: ${pathAround(cycle, edges).join(' → ')} (${cycle.length} modules)`);
if (sideDoors.length > 0) {
  console.log(
    `Imports past another module's front door (only ../<module>/index.js may be imported): ${sideDoors.length}`,
  );
  for (const entry of sideDoors.slice(0, reportOnly ? 20 : sideDoors.length))
    console.log(`  ${entry.file}:${entry.line} → ${entry.to}/${entry.target}`);
  if (reportOnly && sideDoors.length > 20) console.log(`  … and ${sideDoors.length - 20} more`);
}
if (!reportOnly && (cycles.length > 0 || sideDoors.length > 0)) process.exitCode = 1;
