import { Badge, Group, Stack, Text } from '@mantine/core';
import { durationLabel, SLA_CLOCK_LABELS, SLA_TARGET_LABELS, type TicketSla } from '@smart/contracts';
import { useEffect, useState } from 'react';
import { Panel } from '@/components/Panel';
import { formatDateTime } from '../ticket-labels';

type TargetClock = TicketSla['targets'][number];

/** The time now, moved on every minute while the page is open: the clock counts down by itself. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** One target's state in words and a colour: met (on time or late), paused, running, at risk, breached. */
export function targetState(target: TargetClock, pausedAt: string | null, now: number) {
  if (target.metAt) {
    return target.breached
      ? { color: 'red', badge: 'Met late', line: `Met ${formatDateTime(target.metAt)}` }
      : { color: 'green', badge: 'Met', line: `Met ${formatDateTime(target.metAt)}` };
  }
  const due = Date.parse(target.dueAt);
  if (pausedAt) {
    const left = Math.round((due - Date.parse(pausedAt)) / 60_000);
    return {
      color: 'gray',
      badge: 'Paused',
      line: left > 0 ? `${durationLabel(left)} left when it resumes` : 'Breached',
    };
  }
  const minutes = Math.round((due - now) / 60_000);
  if (minutes < 0)
    return { color: 'red', badge: 'Breached', line: `${durationLabel(minutes)} ago (${formatDateTime(target.dueAt)})` };
  const atRisk = now >= Date.parse(target.warnAt);
  return {
    color: atRisk ? 'orange' : 'blue',
    badge: atRisk ? 'At risk' : 'On track',
    line: `Due in ${durationLabel(minutes)} (${formatDateTime(target.dueAt)})`,
  };
}

/** The ticket's service-level clock: each target's time left, met or breached; paused while it waits for its requester. */
export function TicketSlaPanel({ sla }: { sla: TicketSla | null }) {
  const now = useMinuteClock();
  if (!sla || sla.targets.length === 0) return null;
  return (
    <Panel title="Service level">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {SLA_CLOCK_LABELS[sla.clock]}
          {sla.pausedAt ? ' · paused while it waits for its requester' : ''}
        </Text>
        {sla.targets.map((target) => {
          const state = targetState(target, sla.pausedAt, now);
          return (
            <Stack key={target.kind} gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {SLA_TARGET_LABELS[target.kind]}
                </Text>
                <Badge color={state.color} variant="light">
                  {state.badge}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {state.line}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Panel>
  );
}
