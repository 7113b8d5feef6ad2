import type { DepartmentIconName } from '@smart/contracts';
import type { IconType } from 'react-icons';
import {
  HiAcademicCap,
  HiBeaker,
  HiBookOpen,
  HiBriefcase,
  HiChartBar,
  HiClipboardList,
  HiCode,
  HiCog,
  HiCurrencyDollar,
  HiGlobe,
  HiHeart,
  HiHome,
  HiLightningBolt,
  HiOfficeBuilding,
  HiPresentationChartBar,
  HiShieldCheck,
  HiShoppingCart,
  HiUserGroup,
  HiUsers,
} from 'react-icons/hi?lazy';
import { resolveDepartmentIcon } from '@/lib/department-icon';
import emojiFont from './EmojiFont.module.css';

/**
 * The components of the 19 named department icons. Only lazy-loaded pages (an
 * organization's departments, the template library) import this module, so the icons ride in
 * their chunks, not the main one.
 * Typed by DepartmentIconName: adding a name in contracts fails the build here until it is mapped.
 */
export const DEPARTMENT_ICON_COMPONENTS: Record<DepartmentIconName, IconType> = {
  HiUserGroup,
  HiOfficeBuilding,
  HiUsers,
  HiCode,
  HiChartBar,
  HiShoppingCart,
  HiAcademicCap,
  HiHeart,
  HiLightningBolt,
  HiShieldCheck,
  HiCog,
  HiGlobe,
  HiCurrencyDollar,
  HiClipboardList,
  HiPresentationChartBar,
  HiBookOpen,
  HiBeaker,
  HiHome,
  HiBriefcase,
};

/** A department's icon: the named icon, the emoji, or the default for anything unknown. Decorative. */
export function DepartmentIcon({ icon, size = 24 }: { icon: string | null | undefined; size?: number }) {
  const resolved = resolveDepartmentIcon(icon);
  if (resolved.kind === 'emoji') {
    return (
      <span aria-hidden className={emojiFont.emoji} style={{ fontSize: size }}>
        {resolved.emoji}
      </span>
    );
  }
  const Icon = DEPARTMENT_ICON_COMPONENTS[resolved.name];
  return <Icon size={size} aria-hidden />;
}
