import { advisorRates, invoiceLines, invoices, invoicingSettings } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { invoiceRoutes } from './routes.js';

export { lockInvoicing, requireInvoiceableOrganization, requireNotInvoiced } from './invoice-guard.js';

/** Hourly rates, an organization's currency and tax rate, and its monthly invoices (decision 0290). */
export const invoicesModule: ServerModule = {
  name: 'invoices',
  routes: registerRoutes(invoiceRoutes),
  organizationData: organizationTables(invoicingSettings, advisorRates, invoices, invoiceLines),
};
