import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';
import { childrenFirst, organizationDataTables } from '../../src/lib/organization-data.js';
import { serverModules } from '../../src/server-modules.js';

/** Each table's name and the modules that claim it in their manifest's organizationData. */
function claims() {
  const claimed = new Map<string, string[]>();
  for (const module of serverModules)
    for (const entry of module.organizationData) {
      const name = getTableConfig(entry.table).name;
      claimed.set(name, [...(claimed.get(name) ?? []), module.name]);
    }
  return claimed;
}

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

describe("what each module holds of an organization (its manifest's organizationData)", () => {
  it('claims every table with an organization column in exactly one module', () => {
    const claimed = claims();
    const withOrganization = tables.filter((table) =>
      table.columns.some((column) => column.name === 'organization_id'),
    );
    expect(withOrganization.length).toBeGreaterThan(0);
    for (const table of withOrganization)
      expect([table.name, claimed.get(table.name)?.length]).toEqual([table.name, 1]);
  });

  it('claims no table twice, and names an organization column only where the table has it', () => {
    for (const [name, modules] of claims()) expect([name, modules.length]).toEqual([name, 1]);
    for (const module of serverModules)
      for (const entry of module.organizationData)
        if ('organizationColumn' in entry)
          expect(getTableConfig(entry.table).columns).toContain(entry.organizationColumn);
  });

  it('leads every path from a column of its table to a column of a listed table, and orders the tables children first', () => {
    const entries = serverModules.flatMap((module) => module.organizationData);
    const listed = new Set(entries.map((entry) => entry.table));
    for (const entry of entries)
      if ('reachedThrough' in entry)
        for (const path of entry.reachedThrough) {
          expect(getTableConfig(entry.table).columns).toContain(path.column);
          expect(listed.has(path.parent.table as PgTable)).toBe(true);
        }
    const resolved = organizationDataTables(serverModules);
    const order = childrenFirst(resolved).map((table) => table.name);
    const before = (child: string, parent: string) => expect(order.indexOf(child)).toBeLessThan(order.indexOf(parent));
    before('task_comments', 'tasks');
    before('tasks', 'projects');
    before('notification_subscriptions', 'tasks');
    before('sessions', 'users');
    before('users', 'organizations');
    // The export reads them parents first: each reached table after the tables its paths lead to.
    const names = resolved.map((table) => table.name);
    for (const table of resolved)
      for (const path of table.reachedThrough)
        expect([table.name, names.indexOf(path.parentName) < names.indexOf(table.name)]).toEqual([table.name, true]);
  });
});
