import { hasRole, isOrgAdmin, permissionsFor } from '@smart/contracts';
import { useAuth } from '@/features/auth';
import { useOrganizationReach } from '@/lib/organization-reach';

/**
 * What the signed-in person does on Hours and Invoices, as the server decides it (decision 0290);
 * each record's permissions say the rest. An org_admin approves its organization's time and sets
 * its terms; an advisor submits its time and draws up the invoices; an admin does both anywhere.
 */
export function useInvoicingRoles() {
  const { user } = useAuth();
  const admin = permissionsFor(user).canAccessAllOrganizations;
  const orgAdmin = isOrgAdmin(user) && !admin;
  const { reach, many } = useOrganizationReach(user);
  return {
    /** Approves, returns and reopens time; its waiting time is what it comes for. */
    decides: admin || orgAdmin,
    /** Starts invoice drafts (the organization's advisors, admin). */
    drawsInvoices: admin || hasRole(user, 'advisor'),
    /** An org_admin's one organization; null for whoever chooses among several. */
    ownOrganizationId: orgAdmin ? permissionsFor(user).organizationId : null,
    reach,
    /** The lists mix organizations: they filter by one. */
    many,
  };
}
