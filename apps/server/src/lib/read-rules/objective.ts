import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { objectives } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import type { Actor } from '../tenancy.js';
import { readsWorkOf } from './project.js';
import { actorReader, type Reader, whereOf } from './reader.js';

/** The objectives the reader may read (those of the projects it reads), as a condition on `objectives`. */
export const readableObjectives = (reader: Reader): SQL =>
  whereOf(readsWorkOf(reader, qualified(objectives.organizationId)));

/** The objective row when the actor may read it (its read rule), else undefined: the caller's 404. */
export async function findReadableObjective(db: Database, actor: Actor, objectiveId: string) {
  const [objective] = await db
    .select()
    .from(objectives)
    .where(and(eq(objectives.id, objectiveId), readableObjectives(actorReader(actor))))
    .limit(1);
  return objective;
}
