import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS, type AuditEntry, auditValueText, displayName } from '@smart/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsPhone } from '@/lib/viewport';
import { formatMomentWithTime } from '@/lib/work-format';

interface AuditLinesProps {
  lines: AuditEntry[];
  /** Narrows the log to one person's changes. */
  onPerson: (actorId: string) => void;
}

/** Links among a line's text stay 24 px tall, a finger's target (WCAG 2.2 target size). */
const TARGET_SIZE = { display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

/** What a line is about, linked when it is a task or ticket one can open. */
function Target({ line }: { line: AuditEntry }) {
  const { label, path: to } = line.target;
  const text = label || '—';
  return to ? (
    <Anchor component={Link} to={to} style={{ ...TARGET_SIZE, overflowWrap: 'anywhere' }}>
      {text}
    </Anchor>
  ) : (
    <Text span inherit style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** "from → to", or the one that is set, in the app's words ('In Progress', '100%'); nothing for a line without values. */
function Change({ line }: { line: AuditEntry }) {
  const from = line.from && auditValueText(line.action, line.from);
  const to = line.to && auditValueText(line.action, line.to);
  if (!from && !to) return null;
  const text = from && to ? `${from} → ${to}` : (to ?? from);
  return (
    <Text span inherit style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** What happened, and how many times when identical exports were counted as one line. */
const whatHappened = (line: AuditEntry) =>
  line.count > 1 ? `${AUDIT_ACTION_LABELS[line.action]} (${line.count} times)` : AUDIT_ACTION_LABELS[line.action];

function Person({ line, onPerson }: { line: AuditEntry; onPerson: AuditLinesProps['onPerson'] }) {
  const { actor } = line;
  if (!actor)
    return (
      <Text span inherit c="dimmed">
        System
      </Text>
    );
  return (
    <Anchor
      component="button"
      type="button"
      inherit
      ta="left"
      style={TARGET_SIZE}
      onClick={() => onPerson(actor.id)}
      title={`Show only ${displayName(actor)}'s changes`}
    >
      {displayName(actor)}
    </Anchor>
  );
}

/** The log's lines: a table on a desktop, one card per line on a phone (no sideways scrolling). */
export function AuditLines({ lines, onPerson }: AuditLinesProps) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="xs">
        {lines.map((line) => (
          <Card key={line.id} withBorder padding="sm" radius="md" component="article">
            <Stack gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {whatHappened(line)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMomentWithTime(line.createdAt)}
                </Text>
              </Group>
              <Text size="sm">
                <Target line={line} />
              </Text>
              <Field>
                <Change line={line} />
              </Field>
              <Text size="xs" c="dimmed">
                by <Person line={line} onPerson={onPerson} />
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label="Audit log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>About</Table.Th>
          <Table.Th>Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentWithTime(line.createdAt)}</Table.Td>
            <Table.Td>
              <Person line={line} onPerson={onPerson} />
            </Table.Td>
            <Table.Td>{whatHappened(line)}</Table.Td>
            <Table.Td maw={280}>
              <Target line={line} />
            </Table.Td>
            <Table.Td maw={320}>
              <Change line={line} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A card's line that shows only when it has something to say. */
function Field({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
