import type { InvoiceSummary, Rate } from '@smart/contracts';
import { type Actor, isAdvisor, seesAllOrganizations } from '../../lib/tenancy.js';
import { leadsTimeIn } from '../time-entries/index.js';

/**
 * Who may do what with rates and invoices (decision 0290). The organization's org_admin (and admin)
 * sets its currency, tax rate and its advisors' hourly rates: the terms it agreed to. The advisors
 * assigned to it (and admin) draw up and issue its invoices, and read its rates (an invoice prints
 * them all); its org_admin reads the invoices. Reading an invoice: lib/read-rules readableInvoices.
 */

/** Currency, tax rate and hourly rates: the organization's org_admin, admin. */
export const setsTermsIn = leadsTimeIn;

/** Reads the organization's terms and invoices: its org_admin, admin, its advisors (`advisorActs`). */
export const readsInvoicingIn = (actor: Actor, organizationId: string, advisorActs: boolean) =>
  setsTermsIn(actor, organizationId) || advisorActs;

/** Draws up, issues and deletes drafts: admin and the organization's advisors. */
export const managesInvoicesIn = (actor: Actor, advisorActs: boolean) =>
  seesAllOrganizations(actor) || (isAdvisor(actor) && advisorActs);

export const ratePermissions = (actor: Actor, organizationId: string): Rate['permissions'] => ({
  canDelete: setsTermsIn(actor, organizationId),
});

/**
 * On a list, an advisor is offered the controls of drafts of the organizations its invoices come
 * from (it reads them only while assigned there: the read rule); admin those of every draft.
 */
export const invoicePermissions = (
  actor: Actor,
  invoice: { status: InvoiceSummary['status'] },
): InvoiceSummary['permissions'] => ({
  canManage: invoice.status === 'draft' && (seesAllOrganizations(actor) || isAdvisor(actor)),
});
