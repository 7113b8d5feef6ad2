import type { PermissionSubject } from '@smart/contracts';
import { isAdmin } from '@smart/contracts';
import type { IconType } from 'react-icons';
import {
  HiBell,
  HiChatAlt2,
  HiClipboardCheck,
  HiCollection,
  HiDocumentText,
  HiOfficeBuilding,
  HiSupport,
  HiUser,
  HiUserGroup,
  HiUsers,
  HiViewGrid,
} from 'react-icons/hi';
import { type AccessRequirement, meetsRequirement } from '@/lib/access';
import { paths } from '@/lib/paths';

/**
 * Dashboard home cards (spec section 2): an admin sees Templates only; everyone else sees
 * Tickets, Projects, My Tasks, Templates and Messenger. `available` turns true when the page exists.
 */
export interface DashboardCard {
  title: string;
  description: string;
  to: string;
  icon: IconType;
  /** Shown only to users meeting it (as menu entries are). */
  requires?: AccessRequirement;
  available: boolean;
}

const templates: DashboardCard = {
  title: 'Templates',
  description: 'Policy and process documents for every department.',
  to: paths.templates,
  icon: HiDocumentText,
  available: false,
};

const ADMIN_CARDS: DashboardCard[] = [templates];

const MEMBER_CARDS: DashboardCard[] = [
  {
    title: 'Tickets',
    description: 'Ask your advisor for help and follow up.',
    to: paths.tickets,
    icon: HiSupport,
    available: false,
  },
  {
    title: 'Projects',
    description: 'Plan, assign and track projects.',
    to: paths.projects,
    icon: HiCollection,
    available: false,
  },
  {
    title: 'My Tasks',
    description: 'Everything assigned to you.',
    to: paths.myTasks,
    icon: HiClipboardCheck,
    available: false,
  },
  templates,
  {
    title: 'Messenger',
    description: 'Talk with your team and your advisor.',
    to: paths.messenger,
    icon: HiChatAlt2,
    available: false,
  },
];

/** Shown while none of a role's own cards has a page yet, so the home is never empty. */
const ACCOUNT_CARDS: DashboardCard[] = [
  {
    title: 'Personal Info',
    description: 'Your name, contact details, photo and password.',
    to: paths.profile,
    icon: HiUser,
    available: true,
  },
  {
    title: 'Notifications',
    description: 'Choose which e-mail, SMS and in-app notifications you get.',
    to: paths.notifications,
    icon: HiBell,
    available: true,
  },
];

/** The organization's pages, for non-admins holding their flags (after the role's own cards). */
const ORGANIZATION_CARDS: DashboardCard[] = [
  {
    title: 'Organization',
    description: "Your organization's name, logo and contact details.",
    to: paths.organization,
    icon: HiOfficeBuilding,
    requires: { flags: ['canManageSettings'] },
    available: true,
  },
  {
    title: 'Departments',
    description: 'Organize people into departments and see their teams.',
    to: paths.departments,
    icon: HiViewGrid,
    requires: { flags: ['canManageUsers'] },
    available: true,
  },
  {
    title: 'Teams',
    description: 'Form teams, name their leads and manage their members.',
    to: paths.teams,
    icon: HiUserGroup,
    requires: { flags: ['canManageUsers'] },
    available: true,
  },
  {
    title: 'Team Members',
    description: 'Add people to your organization and keep their details current.',
    to: paths.team,
    icon: HiUsers,
    requires: { flags: ['canManageUsers'] },
    available: true,
  },
];

const shownTo = (user: PermissionSubject | null | undefined) => (card: DashboardCard) =>
  card.available && meetsRequirement(user, card.requires ?? {});

export function dashboardCardsFor(user: PermissionSubject | null | undefined): DashboardCard[] {
  const cards = (isAdmin(user) ? ADMIN_CARDS : MEMBER_CARDS).filter(shownTo(user));
  const own = cards.length > 0 ? cards : ACCOUNT_CARDS;
  // An admin's home shows Templates only (spec section 2); the organization cards are for everyone else.
  return isAdmin(user) ? own : [...own, ...ORGANIZATION_CARDS.filter(shownTo(user))];
}
