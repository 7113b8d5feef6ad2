import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates } from './helpers/database-templates.js';

/** Once per API test run: the migrated (and seeded) templates every test file's database is copied from. */
export default async function setup(project: TestProject) {
  const { templates, remove } = await createDatabaseTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
