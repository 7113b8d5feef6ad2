import type { SQL } from 'drizzle-orm';
import { objectives } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { readsWorkOf } from './project.js';
import { type Reader, whereOf } from './reader.js';

/** The objectives the reader may read (those of the projects it reads), as a condition on `objectives`. */
export const readableObjectives = (reader: Reader): SQL =>
  whereOf(readsWorkOf(reader, qualified(objectives.organizationId)));
