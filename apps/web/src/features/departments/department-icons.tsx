import { DEFAULT_DEPARTMENT_ICON, type DepartmentIconName, isDepartmentIcon } from '@smart/contracts';
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
} from 'react-icons/hi?departments';

/**
 * The components of the 19 named department icons (spec section 3). Only the departments pages
 * import this module, and they are lazy-loaded, so the icons ride in their chunk, not the main one.
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

export function isNamedIcon(icon: string): icon is DepartmentIconName {
  return Object.hasOwn(DEPARTMENT_ICON_COMPONENTS, icon);
}

/** A department's icon: the named icon, the emoji, or the default for anything unknown. Decorative. */
export function DepartmentIcon({ icon, size = 24 }: { icon: string | null | undefined; size?: number }) {
  const value = icon?.trim() ?? '';
  if (value && !isNamedIcon(value) && isDepartmentIcon(value)) {
    return (
      <span aria-hidden style={{ fontSize: size, lineHeight: 1 }}>
        {value}
      </span>
    );
  }
  const Icon = DEPARTMENT_ICON_COMPONENTS[isNamedIcon(value) ? value : DEFAULT_DEPARTMENT_ICON];
  return <Icon size={size} aria-hidden />;
}
