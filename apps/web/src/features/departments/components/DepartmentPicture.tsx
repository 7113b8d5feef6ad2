import { Image, ThemeIcon } from '@mantine/core';
import type { Department } from '@smart/contracts';
import { DepartmentIcon } from '@/components/DepartmentIcon';

interface DepartmentPictureProps {
  department: Pick<Department, 'name' | 'imageUrl' | 'settings'>;
  /** Width and height in pixels. */
  size: number;
  /** Beside the department's name (cards, the page header) the image repeats it: no alt text there. */
  decorative?: boolean;
}

/** The department's uploaded image, else its icon (a named icon or an emoji) in a tinted square. */
export function DepartmentPicture({ department, size, decorative = true }: DepartmentPictureProps) {
  if (department.imageUrl) {
    return (
      <Image
        src={department.imageUrl}
        alt={decorative ? '' : `${department.name} image`}
        w={size}
        h={size}
        radius="md"
        fit="cover"
        style={{ flexShrink: 0 }}
      />
    );
  }
  return (
    <ThemeIcon size={size} radius="md" variant="light" style={{ flexShrink: 0 }}>
      <DepartmentIcon icon={department.settings.icon} size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
