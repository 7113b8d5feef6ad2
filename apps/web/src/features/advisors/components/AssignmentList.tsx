import { Group, Stack, Text } from '@mantine/core';
import { type AdvisorAssignment, UI_TEXT } from '@smart/contracts';
import { type ReactNode, useId } from 'react';
import { formatAdvisorDate } from '../advisor-labels';
import { StatusBadge } from './StatusBadge';

interface AssignmentListProps {
  assignments: AdvisorAssignment[];
  /** The controls of each assignment (the details drawer's), under its line. */
  actions?: (assignment: AdvisorAssignment) => ReactNode;
}

/** An advisor's assigned organizations: each with Active/Inactive and the date it was assigned. */
export function AssignmentList({ assignments, actions }: AssignmentListProps) {
  // The same advisor's list shows on its card and in the drawer: ids are unique per list.
  const listId = useId();
  if (assignments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {UI_TEXT.noAdvisorAssignments}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {assignments.map((assignment) => (
        <li key={assignment.organizationId} aria-labelledby={`${listId}-${assignment.organizationId}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text
                size="sm"
                fw={500}
                id={`${listId}-${assignment.organizationId}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                {assignment.organizationName}
              </Text>
              <Text size="xs" c="dimmed">
                Assigned {formatAdvisorDate(assignment.assignedAt)}
              </Text>
            </div>
            <StatusBadge isActive={assignment.isActive} />
          </Group>
          {actions?.(assignment)}
        </li>
      ))}
    </Stack>
  );
}
