import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { organizationDataTables } from '../src/lib/organization-data.js';
import { entityReference } from '../src/modules/exports/index.js';
import { serverModules } from '../src/server-modules.js';

/**
 * docs/organization-export.md lists every entity file of an organization's export with its fields,
 * generated from the schema (entityReference): a new module's table, or a new column, changes the
 * list. `UPDATE_DOCS=1` writes the list into the document.
 */
const DOC = path.resolve(import.meta.dirname, '../../../docs/organization-export.md');
const START =
  '<!-- entity-files:start (generated: UPDATE_DOCS=1 npx vitest run --project api apps/server/test/organization-export-doc.test.ts) -->';
const END = '<!-- entity-files:end -->';

test('the document lists every exported table and its fields as the schema has them', async () => {
  const text = await readFile(DOC, 'utf8');
  const [before, rest] = text.split(START);
  const after = rest?.split(END)[1];
  expect(before !== undefined && after !== undefined, 'the markers are in the document').toBe(true);
  const generated = `${START}\n\n${entityReference(organizationDataTables(serverModules))}\n${END}`;
  const current = `${START}${rest?.split(END)[0]}${END}`;
  if (process.env.UPDATE_DOCS && current !== generated) {
    await writeFile(DOC, `${before}${generated}${after}`);
    return;
  }
  expect(current).toBe(generated);
});
