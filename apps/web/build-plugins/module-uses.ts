import type { PluginContext } from 'rolldown';

/** One module's static imports, each to the module it resolves to, with the names it takes (null: all of it). */
export interface ModuleUses {
  imports: { id: string; names: string[] | null }[];
  dynamicImports: string[];
  /** An index that only re-exports: each name to the module it comes from (`*`: the star re-exports). */
  reExports?: Map<string, string[]>;
}

type Node = { type: string; [key: string]: unknown };
type Specifier = { type: string; imported?: { name?: string; value?: string }; local?: { name: string } };

const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value ?? '';

/**
 * What each module of the build imports, by name, from the modules its imports resolve to; read
 * from the modules' code once the graph is complete (buildEnd). Unlike `importedIds`, it tells
 * that `import { Button } from '@mantine/core'` needs Button's module, not the other 800 the
 * library's index re-exports.
 */
export async function readModuleUses(context: PluginContext): Promise<Map<string, ModuleUses>> {
  const uses = new Map<string, ModuleUses>();
  await Promise.all(
    Array.from(context.getModuleIds(), async (id) => {
      const info = context.getModuleInfo(id);
      if (!info?.code || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) {
        uses.set(id, { imports: (info?.importedIds ?? []).map((to) => ({ id: to, names: null })), dynamicImports: [] });
        return;
      }
      uses.set(id, await moduleUses(context, id, info.code, info.importedIds, info.dynamicallyImportedIds));
    }),
  );
  return uses;
}

async function moduleUses(
  context: PluginContext,
  id: string,
  code: string,
  importedIds: readonly string[],
  dynamicImports: readonly string[],
): Promise<ModuleUses> {
  const program = context.parse(code, { lang: 'js' }) as unknown as { body: Node[] };
  const resolve = async (source: string) => {
    const resolved = (await context.resolve(source, id))?.id;
    return resolved && importedIds.includes(resolved) ? resolved : undefined;
  };
  const imports = new Map<string, Set<string> | null>();
  const take = (to: string | undefined, names: string[] | null) => {
    if (!to) return;
    const had = imports.get(to);
    if (had === null) return;
    if (names === null) imports.set(to, null);
    else imports.set(to, new Set([...(had ?? []), ...names]));
  };
  const reExports = new Map<string, string[]>();
  const locals = new Map<string, string>();
  let onlyReExports = true;
  for (const statement of program.body) {
    const source = (statement.source as { value?: string } | null | undefined)?.value;
    const specifiers = (statement.specifiers ?? []) as Specifier[];
    if (statement.type === 'ImportDeclaration' && source !== undefined) {
      const to = await resolve(source);
      const named = specifiers.every((specifier) => specifier.type === 'ImportSpecifier');
      take(to, named ? specifiers.map((specifier) => nameOf(specifier.imported)) : null);
      if (to) for (const specifier of specifiers) if (specifier.local) locals.set(specifier.local.name, to);
    } else if (statement.type === 'ExportAllDeclaration' && source !== undefined) {
      const to = await resolve(source);
      take(to, null);
      if (to) reExports.set('*', [...(reExports.get('*') ?? []), to]);
      if (statement.exported) onlyReExports = false;
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      const to = source === undefined ? undefined : await resolve(source);
      take(
        to,
        specifiers.map((specifier) => nameOf((specifier as { local?: { name?: string; value?: string } }).local)),
      );
      for (const specifier of specifiers) {
        const exported = nameOf((specifier as { exported?: { name?: string; value?: string } }).exported);
        const from = to ?? locals.get(nameOf((specifier as { local?: { name?: string } }).local));
        if (from) reExports.set(exported, [from]);
        else onlyReExports = false;
      }
    } else {
      onlyReExports = false;
    }
  }
  // Imports the parse did not see (e.g. added by a plugin after it): all of them.
  for (const to of importedIds) if (!imports.has(to)) imports.set(to, null);
  return {
    imports: [...imports].map(([to, names]) => ({ id: to, names: names && [...names] })),
    dynamicImports: [...dynamicImports],
    ...(onlyReExports && reExports.size > 0 && { reExports }),
  };
}

/**
 * The modules the roots need, transitively: through an index that only re-exports, just the
 * modules of the names imported. With `follow(id)`, a module's dynamic imports too.
 */
export function reachable(
  uses: Map<string, ModuleUses>,
  exportsOf: (id: string) => readonly string[],
  roots: readonly string[],
  followDynamic: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  /** The modules an index's export comes from (itself, if it cannot tell). */
  const origins = (index: string, name: string, depth = 0): string[] => {
    const reExports = uses.get(index)?.reExports;
    if (!reExports || depth > 20) return [index];
    const from = reExports.get(name) ?? (reExports.get('*') ?? []).filter((star) => exportsOf(star).includes(name));
    if (from.length === 0) return [index];
    return from.flatMap((next) => (uses.get(next)?.reExports ? origins(next, name, depth + 1) : [next]));
  };
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = uses.get(id);
    if (!module) continue;
    for (const { id: to, names } of module.imports) {
      // An index that only re-exports is not a member itself: what it would bring is every export.
      if (uses.get(to)?.reExports && names) for (const name of names) queue.push(...origins(to, name));
      else queue.push(to);
    }
    if (followDynamic(id)) queue.push(...module.dynamicImports);
  }
  return seen;
}
