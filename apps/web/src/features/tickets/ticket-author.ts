import { hasRole, isAdmin } from '@smart/contracts';
import { useAuth } from '@/features/auth';

/** Members raise tickets in their own organization; admins raise none. */
export function useCanRaiseTickets(): boolean {
  return !isAdmin(useAuth().user);
}

/** An advisor raises a ticket for an organization it advises, so its dialogs ask which. */
export function useChoosesOrganization(): boolean {
  const { user } = useAuth();
  return hasRole(user, 'advisor') && !isAdmin(user);
}
