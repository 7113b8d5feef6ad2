import { type ESTree, type Plugin, parseSync } from 'vite';

/** A module of endpoint definitions: `packages/contracts/src/endpoints/<domain>.ts`. */
const ENDPOINT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][\w-]+\.ts$/;
/** All the app reads of an endpoint at run time (lib/api-client.ts): where to send the call. */
const ROUTE_FIELDS = ['method', 'path'];

interface Edit {
  start: number;
  end: number;
  text: string;
}

type Node = { type: string; start: number; end: number } & Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node under `node`, each with its parent, depth first. */
function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) walk(child, visit, node);
  }
}

function parse(code: string, id: string): Node {
  const { program, errors } = parseSync(id, code);
  if (errors.length > 0) throw new Error(`endpoint-routes: ${id} does not parse: ${errors[0]?.message}`);
  return program as unknown as Node;
}

function applyEdits(code: string, edits: Edit[]): string {
  let result = code;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, start) + text + result.slice(end);
  }
  return result;
}

const keyName = (property: ESTree.ObjectProperty) =>
  property.key.type === 'Identifier' && !property.computed ? property.key.name : undefined;

/** Each `endpoint({ … })` call's definition cut down to its method and path. */
function routeEdits(program: Node, code: string, id: string): Edit[] {
  const edits: Edit[] = [];
  walk(program, (node) => {
    const call = node as unknown as ESTree.CallExpression;
    if (node.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'endpoint') return;
    const [definition] = call.arguments;
    if (definition?.type !== 'ObjectExpression') throw new Error(`endpoint-routes: ${id}: endpoint() takes an object`);
    const fields = new Map<string, string>();
    for (const property of definition.properties) {
      // A spread could bring a method or a path this cut would lose.
      if (property.type !== 'Property') throw new Error(`endpoint-routes: ${id}: spell out endpoint() fields`);
      const name = keyName(property);
      if (name && ROUTE_FIELDS.includes(name)) fields.set(name, code.slice(property.start, property.end));
    }
    if (fields.size !== ROUTE_FIELDS.length)
      throw new Error(`endpoint-routes: ${id}: an endpoint without method or path`);
    const route = ROUTE_FIELDS.map((name) => fields.get(name)).join(', ');
    edits.push({ start: definition.start, end: definition.end, text: `{ ${route} }` });
  });
  return edits;
}

/** Where the module names each binding: every identifier but imports, property keys and member names. */
function namesRead(program: Node): Map<string, number[]> {
  const read = new Map<string, number[]>();
  const note = (node: Node, parent: Node | null) => {
    if (node.type !== 'Identifier' || !parent) return;
    const isKey = parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand;
    const isMember = parent.type === 'MemberExpression' && parent.property === node && !parent.computed;
    if (isKey || isMember) return;
    const name = (node as unknown as ESTree.IdentifierReference).name;
    read.set(name, [...(read.get(name) ?? []), node.start]);
  };
  for (const statement of (program as unknown as ESTree.Program).body) {
    if (statement.type !== 'ImportDeclaration') walk(statement as unknown as Node, note, program);
  }
  return read;
}

/**
 * The module's own constants and imports nothing reads any more. A constant's initializer (an
 * envelope) calls zod, which the bundler keeps unless the declaration goes; an import left in place
 * keeps the schema modules in the page's module graph, and the bundler then puts them in a chunk
 * with the plain modules the page does load (roles.ts with zod).
 */
function unreadBindingEdits(program: Node, code: string): Edit[] {
  const read = namesRead(program);
  const isRead = (name: string, declaredAt: number) =>
    (read.get(name) ?? []).some((position) => position !== declaredAt);
  const edits: Edit[] = [];
  for (const statement of (program as unknown as ESTree.Program).body) {
    if (statement.type === 'VariableDeclaration' && statement.declarations.length === 1) {
      const [declarator] = statement.declarations;
      if (declarator?.id.type === 'Identifier' && !isRead(declarator.id.name, declarator.id.start)) {
        edits.push({ start: statement.start, end: statement.end, text: '' });
      }
    }
    if (statement.type === 'ImportDeclaration' && statement.specifiers.length > 0) {
      const kept = statement.specifiers.filter((specifier) => isRead(specifier.local.name, -1));
      if (kept.length === statement.specifiers.length) continue;
      const named = kept.filter((specifier) => specifier.type === 'ImportSpecifier');
      const clauses = [
        ...kept.filter((specifier) => specifier.type !== 'ImportSpecifier'),
        ...(named.length > 0 ? [named] : []),
      ].map((clause) =>
        Array.isArray(clause)
          ? `{ ${clause.map((specifier) => code.slice(specifier.start, specifier.end)).join(', ')} }`
          : code.slice(clause.start, clause.end),
      );
      const text =
        clauses.length === 0
          ? ''
          : `import ${clauses.join(', ')} from ${code.slice(statement.source.start, statement.source.end)};`;
      edits.push({ start: statement.start, end: statement.end, text });
    }
  }
  return edits;
}

/** An endpoint module as the web app runs it: the definitions' method and path, no schema. */
export function endpointRoutes(code: string, id: string): string {
  let result = applyEdits(code, routeEdits(parse(code, id), code, id));
  for (;;) {
    const edits = unreadBindingEdits(parse(result, id), result);
    if (edits.length === 0) return result;
    result = applyEdits(result, edits);
  }
}

/**
 * The web app calls endpoints by their definitions in contracts (`api(userEndpoints.profile)`),
 * which carry zod schemas for the server's checks and the OpenAPI document. The app's types come
 * from those schemas, but at run time it reads only an endpoint's method and path: this cuts every
 * definition down to them in the web build, so importing an endpoint no longer brings zod and the
 * schemas into the chunks of the page (about 92 KB before the sign-in form could take input).
 * Forms that check their values with a schema import it themselves. The server and the tests
 * import the definitions whole.
 */
export function endpointRoutesOnly(): Plugin {
  return {
    name: 'smart:endpoint-routes-only',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINT_MODULE.test(id)) return null;
      return { code: endpointRoutes(code, id), map: null };
    },
  };
}
