import { describe, expect, it } from 'vitest';
import { type ModuleUses, reachable } from './module-uses.ts';

/** A library like Mantine: an index that re-exports its components, one of which builds on another. */
function library(): Map<string, ModuleUses> {
  const module = (imports: ModuleUses['imports'], extra: Partial<ModuleUses> = {}): ModuleUses => ({
    imports,
    dynamicImports: [],
    ...extra,
  });
  return new Map<string, ModuleUses>([
    ['page', module([{ id: 'lib/index', names: ['Button'] }], { dynamicImports: ['dialog'] })],
    ['dialog', module([{ id: 'lib/index', names: ['Modal'] }])],
    ['everything', module([{ id: 'lib/index', names: null }])],
    ['app/index', module([{ id: 'app/forms', names: null }], { reExports: new Map([['*', ['app/forms']]]) })],
    ['app/forms', module([])],
    ['uses-star', module([{ id: 'app/index', names: ['checkForm'] }])],
    [
      'lib/index',
      module(
        [
          { id: 'lib/Button', names: ['Button'] },
          { id: 'lib/Modal', names: ['Modal'] },
        ],
        {
          reExports: new Map([
            ['Button', ['lib/Button']],
            ['Modal', ['lib/Modal']],
          ]),
        },
      ),
    ],
    ['lib/Button', module([{ id: 'lib/Box', names: ['Box'] }])],
    ['lib/Modal', module([{ id: 'lib/Box', names: ['Box'] }])],
    ['lib/Box', module([])],
  ]);
}

const exportsOf = (id: string) => (id === 'app/forms' ? ['checkForm'] : []);

describe('reachable', () => {
  it("follows a re-exporting index to the names imported, and those modules' own imports", () => {
    expect([...reachable(library(), exportsOf, ['page'])].sort()).toEqual(['lib/Box', 'lib/Button', 'page']);
  });

  it('takes the whole index for a namespace or default import', () => {
    expect(reachable(library(), exportsOf, ['everything'])).toEqual(
      new Set(['everything', 'lib/index', 'lib/Button', 'lib/Modal', 'lib/Box']),
    );
  });

  it("finds a name behind `export *` by the module's exports", () => {
    expect([...reachable(library(), exportsOf, ['uses-star'])].sort()).toEqual(['app/forms', 'uses-star']);
  });

  it('follows dynamic imports only where asked', () => {
    expect(reachable(library(), exportsOf, ['page']).has('lib/Modal')).toBe(false);
    expect(reachable(library(), exportsOf, ['page'], (id) => id === 'page').has('lib/Modal')).toBe(true);
  });
});
