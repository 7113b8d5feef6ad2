import { Badge } from '@mantine/core';
import type { TemplateDepartment } from '@smart/contracts';

/** A department's Popular badge (more than 5 templates) and, for admins, Inactive. */
export function DepartmentBadges({ department }: { department: TemplateDepartment }) {
  return (
    <>
      {department.isPopular && (
        <Badge color="orange" variant="light">
          Popular
        </Badge>
      )}
      {!department.settings.isActive && (
        <Badge color="gray" variant="outline">
          Inactive
        </Badge>
      )}
    </>
  );
}
