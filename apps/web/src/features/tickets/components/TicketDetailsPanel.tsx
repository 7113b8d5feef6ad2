import { Group, Select, Stack, Text } from '@mantine/core';
import { displayName, type TicketDetail, type TicketStatus } from '@smart/contracts';
import type { ReactNode } from 'react';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { useChangeTicketStatus } from '../api';
import { formatDateTime, STATUS_OPTIONS, valueLabel } from '../ticket-labels';
import { PriorityBadge, StatusBadge } from './TicketBadges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Details: status, priority, category (underscores as spaces), people and dates;
 * Resolved and Closed only once set. Whoever may change the status picks it here.
 */
export function TicketDetailsPanel({ ticket }: { ticket: TicketDetail }) {
  const status = useChangeTicketStatus(ticket.id);
  return (
    <Panel title="Details">
      <Stack gap="sm">
        {ticket.permissions.canChangeStatus ? (
          <Select
            label="Change status"
            data={STATUS_OPTIONS}
            value={ticket.status}
            allowDeselect={false}
            disabled={status.isPending}
            onChange={(value) => value && value !== ticket.status && status.mutate(value as TicketStatus)}
          />
        ) : null}
        <FormError message={status.error?.message} />
        <Row label="Status">
          <StatusBadge status={ticket.status} />
        </Row>
        <Row label="Priority">
          <PriorityBadge priority={ticket.priority} />
        </Row>
        <Row label="Category">{valueLabel(ticket.category)}</Row>
        <Row label="Created By">{displayName(ticket.createdBy, 'Unknown')}</Row>
        <Row label="Assigned To">{ticket.assignedTo ? displayName(ticket.assignedTo) : 'Unassigned'}</Row>
        <Row label="Created">{formatDateTime(ticket.createdAt)}</Row>
        <Row label="Updated">{formatDateTime(ticket.updatedAt)}</Row>
        {ticket.resolvedAt && <Row label="Resolved">{formatDateTime(ticket.resolvedAt)}</Row>}
        {ticket.closedAt && <Row label="Closed">{formatDateTime(ticket.closedAt)}</Row>}
      </Stack>
    </Panel>
  );
}
