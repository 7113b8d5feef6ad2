import type { PermissionSubject } from '@smart/contracts';
import { isAdmin } from '@smart/contracts';
import type { IconType } from 'react-icons';
import { HiBell, HiChatAlt2, HiClipboardCheck, HiCollection, HiDocumentText, HiSupport, HiUser } from 'react-icons/hi';
import { paths } from '@/app/paths';

/**
 * Dashboard home cards (spec section 2): an admin sees Templates only; everyone else sees
 * Tickets, Projects, My Tasks, Templates and Messenger. `available` turns true when the page exists.
 */
export interface DashboardCard {
  title: string;
  description: string;
  to: string;
  icon: IconType;
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

export function dashboardCardsFor(user: PermissionSubject | null | undefined): DashboardCard[] {
  const cards = (isAdmin(user) ? ADMIN_CARDS : MEMBER_CARDS).filter((card) => card.available);
  return cards.length > 0 ? cards : ACCOUNT_CARDS;
}
