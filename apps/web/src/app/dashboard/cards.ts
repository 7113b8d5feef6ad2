import type { PermissionSubject, RoleHolder } from '@smart/contracts';
import { hasRole, isAdmin } from '@smart/contracts';
import type { IconType } from 'react-icons';
import { type CardRouteId, canOpen, ROUTES } from '../routes';

/** A dashboard home card, made from its route table entry. */
export interface DashboardCard {
  title: string;
  description: string;
  to: string;
  icon: IconType;
}

/** An admin sees Templates only; everyone else these five. */
const ADMIN_CARDS: readonly CardRouteId[] = ['templates'];
const MEMBER_CARDS: readonly CardRouteId[] = ['tickets', 'projects', 'myTasks', 'templates', 'messenger'];
/** Shown while none of a role's own cards has a page yet, so the home is never empty. */
const ACCOUNT_CARDS: readonly CardRouteId[] = ['profile', 'notifications'];
/** The organization's pages, for non-admins holding their flags or roles (after the role's own cards). */
const ORGANIZATION_CARDS: readonly CardRouteId[] = ['organization', 'departments', 'teams', 'teamMembers', 'invoicing'];

function cardFor(id: CardRouteId): DashboardCard {
  const entry = ROUTES[id];
  return {
    title: entry.card?.title ?? entry.label,
    description: entry.card?.description ?? '',
    to: entry.path,
    icon: entry.icon,
  };
}

/** Cards of built pages this user may open, as menu entries are. */
function cardsShownTo(user: PermissionSubject | null | undefined, ids: readonly CardRouteId[]): DashboardCard[] {
  return ids.filter((id) => canOpen(user, ROUTES[id])).map(cardFor);
}

export function dashboardCardsFor(user: PermissionSubject | null | undefined): DashboardCard[] {
  const cards = cardsShownTo(user, isAdmin(user) ? ADMIN_CARDS : MEMBER_CARDS);
  const own = cards.length > 0 ? cards : cardsShownTo(user, ACCOUNT_CARDS);
  // An admin's home shows Templates only; the organization cards are for everyone else.
  return isAdmin(user) ? own : [...own, ...cardsShownTo(user, ORGANIZATION_CARDS)];
}

/** Advisors have no home page: /dashboard sends them to My Tasks. */
export const seesDashboardHome = (user: RoleHolder | null | undefined) => !(hasRole(user, 'advisor') && !isAdmin(user));
