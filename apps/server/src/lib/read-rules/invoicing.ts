import type { SQL } from 'drizzle-orm';
import { invoices, timeApprovals } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import {
  allOf,
  anyOf,
  isReader,
  memberOf,
  type Reader,
  roleIn,
  seesAllOrganizations,
  whereOf,
  worksIn,
} from './reader.js';

/**
 * Submitted time the reader may read, as a condition on `time_approvals` (decision 0290): admin,
 * the person who submitted it, and its organization's org_admin.
 */
export function readableTimeApprovals(reader: Reader): SQL {
  return whereOf(
    anyOf(
      seesAllOrganizations(reader),
      isReader(reader, qualified(timeApprovals.userId)),
      allOf(roleIn(reader, ['org_admin']), memberOf(reader, qualified(timeApprovals.organizationId))),
    ),
  );
}

/**
 * Invoices the reader may read, as a condition on `invoices`: admin, the organization's org_admin,
 * and the advisors assigned to it now.
 */
export function readableInvoices(reader: Reader): SQL {
  const organization = qualified(invoices.organizationId);
  return whereOf(
    anyOf(
      seesAllOrganizations(reader),
      allOf(roleIn(reader, ['org_admin']), memberOf(reader, organization)),
      allOf(roleIn(reader, ['advisor']), worksIn(reader, organization)),
    ),
  );
}
