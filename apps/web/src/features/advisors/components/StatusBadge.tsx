import { Badge } from '@mantine/core';
import { activeLabel } from '../advisor-labels';

/** Active (green) or Inactive (grey), for an advisor, an assignment or an assigned organization. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge color={isActive ? 'green' : 'gray'} variant="light" tt="none">
      {activeLabel(isActive)}
    </Badge>
  );
}
