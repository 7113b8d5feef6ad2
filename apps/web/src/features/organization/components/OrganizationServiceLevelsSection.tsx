import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type BusinessHours,
  durationLabel,
  type ServiceLevels,
  type ServiceLevelsBody,
  SLA_CLOCK_LABELS,
  SLA_CLOCKS,
  type SlaClock,
  UI_TEXT,
  WEEKDAYS,
  weekdayLabel,
} from '@smart/contracts';
import { useState } from 'react';
import { HiTrash } from 'react-icons/hi';
import { EditActions } from '@/components/EditActions';
import { FormError } from '@/components/FormError';
import { LoadError } from '@/components/LoadError';
import { toastSuccess } from '@/lib/toast';
import { formatDay } from '@/lib/work-format';
import { useSaveServiceLevels, useServiceLevels } from '../api';

/** A target in the form: hours as typed ('' is none). */
interface TargetDraft {
  priority: ServiceLevels['targets'][number]['priority'];
  firstResponseHours: number | string;
  resolutionHours: number | string;
  clock: SlaClock;
}

const hoursOf = (minutes: number | null) => (minutes === null ? '' : Math.round((minutes / 60) * 100) / 100);
const minutesOf = (hours: number | string) =>
  hours === '' || Number.isNaN(Number(hours)) ? null : Math.round(Number(hours) * 60);
const targetLabel = (minutes: number | null) => (minutes === null ? '—' : durationLabel(minutes));

const draftOf = (levels: ServiceLevels) => ({
  targets: levels.targets.map(
    (target): TargetDraft => ({
      priority: target.priority,
      firstResponseHours: hoursOf(target.firstResponseMinutes),
      resolutionHours: hoursOf(target.resolutionMinutes),
      clock: target.clock,
    }),
  ),
  businessHours: levels.businessHours,
  holidays: levels.holidays,
});
type Draft = ReturnType<typeof draftOf>;

const bodyOf = (draft: Draft): ServiceLevelsBody => ({
  targets: draft.targets.map((target) => ({
    priority: target.priority,
    firstResponseMinutes: minutesOf(target.firstResponseHours),
    resolutionMinutes: minutesOf(target.resolutionHours),
    clock: target.clock,
  })),
  businessHours: draft.businessHours,
  holidays: draft.holidays,
});

const priorityLabel = (priority: string) => priority.charAt(0).toUpperCase() + priority.slice(1);

/**
 * Service levels on the Organization page: first-response and resolution targets per priority, in
 * business or calendar hours, the working week and the holidays business hours skip. Whoever reads
 * the organization's tickets reads them; its org_admin and admins edit them.
 */
export function OrganizationServiceLevelsSection({ organizationId }: { organizationId: string }) {
  const levels = useServiceLevels(organizationId);
  const save = useSaveServiceLevels(organizationId);
  const [draft, setDraft] = useState<Draft | null>(null);
  if (levels.isError) {
    return (
      <LoadError
        message={UI_TEXT.fetchServiceLevelsFailed}
        onRetry={() => levels.refetch()}
        retrying={levels.isFetching}
      />
    );
  }
  if (!levels.data) return null;
  const saved = levels.data;
  const editing = draft !== null;
  const submit = () =>
    draft &&
    save.mutate(bodyOf(draft), {
      onSuccess: () => {
        setDraft(null);
        toastSuccess(UI_TEXT.serviceLevelsSaved);
      },
    });

  return (
    <Paper component="section" aria-labelledby="service-levels-title" withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="service-levels-title">
            Service levels
          </Title>
          <Text size="sm" c="dimmed">
            Ticket targets per priority. Business hours count the working week below in {saved.timeZone}.
          </Text>
        </Stack>
        {saved.permissions.canEdit && (
          <Group gap="xs">
            <EditActions
              editing={editing}
              edit={(on) => {
                save.reset();
                setDraft(on ? draftOf(saved) : null);
              }}
              busy={save.isPending}
              formId="service-levels-form"
            />
          </Group>
        )}
      </Group>
      {draft ? (
        <form
          id="service-levels-form"
          aria-label="Service levels"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <FormError message={save.error?.message} />
            <TargetsEditor draft={draft} onChange={setDraft} />
            <WeekEditor
              hours={draft.businessHours}
              onChange={(businessHours) => setDraft({ ...draft, businessHours })}
            />
            <HolidaysEditor holidays={draft.holidays} onChange={(holidays) => setDraft({ ...draft, holidays })} />
          </Stack>
        </form>
      ) : (
        <SavedLevels levels={saved} />
      )}
    </Paper>
  );
}

function SavedLevels({ levels }: { levels: ServiceLevels }) {
  const openDays = WEEKDAYS.filter((day) => levels.businessHours[day]);
  return (
    <Stack gap="md">
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Targets per priority">
        <Table miw={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Priority</Table.Th>
              <Table.Th>First response</Table.Th>
              <Table.Th>Resolution</Table.Th>
              <Table.Th>Counted in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {levels.targets.map((target) => (
              <Table.Tr key={target.priority}>
                <Table.Td>{priorityLabel(target.priority)}</Table.Td>
                <Table.Td>{targetLabel(target.firstResponseMinutes)}</Table.Td>
                <Table.Td>{targetLabel(target.resolutionMinutes)}</Table.Td>
                <Table.Td>{SLA_CLOCK_LABELS[target.clock]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Text size="sm">
        <Text span fw={500}>
          Working week:{' '}
        </Text>
        {openDays.length === 0
          ? 'none'
          : openDays
              .map(
                (day) =>
                  `${weekdayLabel(day).slice(0, 3)} ${levels.businessHours[day]?.start}–${levels.businessHours[day]?.end}`,
              )
              .join(', ')}
      </Text>
      <Text size="sm">
        <Text span fw={500}>
          Holidays:{' '}
        </Text>
        {levels.holidays.length === 0
          ? 'none'
          : levels.holidays.map((holiday) => `${formatDay(holiday.date)} ${holiday.name}`).join(', ')}
      </Text>
    </Stack>
  );
}

function TargetsEditor({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const change = (index: number, patch: Partial<TargetDraft>) =>
    onChange({
      ...draft,
      targets: draft.targets.map((target, at) => (at === index ? { ...target, ...patch } : target)),
    });
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Targets per priority">
      <Table miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Priority</Table.Th>
            <Table.Th>First response (hours)</Table.Th>
            <Table.Th>Resolution (hours)</Table.Th>
            <Table.Th>Counted in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.targets.map((target, index) => (
            <Table.Tr key={target.priority}>
              <Table.Td>{priorityLabel(target.priority)}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`${priorityLabel(target.priority)}: first response in hours`}
                  placeholder="None"
                  min={0.25}
                  step={0.25}
                  decimalScale={2}
                  value={target.firstResponseHours}
                  onChange={(value) => change(index, { firstResponseHours: value })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`${priorityLabel(target.priority)}: resolution in hours`}
                  placeholder="None"
                  min={0.25}
                  step={0.25}
                  decimalScale={2}
                  value={target.resolutionHours}
                  onChange={(value) => change(index, { resolutionHours: value })}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`${priorityLabel(target.priority)}: counted in`}
                  data={SLA_CLOCKS.map((clock) => ({ value: clock, label: SLA_CLOCK_LABELS[clock] }))}
                  value={target.clock}
                  allowDeselect={false}
                  onChange={(value) => value && change(index, { clock: value as SlaClock })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function WeekEditor({ hours, onChange }: { hours: BusinessHours; onChange: (hours: BusinessHours) => void }) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        Working week
      </Text>
      {WEEKDAYS.map((day) => {
        const open = hours[day];
        return (
          <Group key={day} gap="sm" wrap="wrap">
            <Checkbox
              w={120}
              label={weekdayLabel(day)}
              checked={open !== null}
              onChange={(event) =>
                onChange({ ...hours, [day]: event.currentTarget.checked ? { start: '09:00', end: '17:00' } : null })
              }
            />
            {open && (
              <>
                <TextInput
                  type="time"
                  aria-label={`${weekdayLabel(day)} starts`}
                  value={open.start}
                  onChange={(event) => onChange({ ...hours, [day]: { ...open, start: event.currentTarget.value } })}
                />
                <TextInput
                  type="time"
                  aria-label={`${weekdayLabel(day)} ends`}
                  value={open.end}
                  onChange={(event) => onChange({ ...hours, [day]: { ...open, end: event.currentTarget.value } })}
                />
              </>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

function HolidaysEditor({
  holidays,
  onChange,
}: {
  holidays: ServiceLevels['holidays'];
  onChange: (holidays: ServiceLevels['holidays']) => void;
}) {
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Holidays
      </Text>
      {holidays.map((holiday) => (
        <Group key={holiday.date} gap="sm">
          <Text size="sm" w={120}>
            {formatDay(holiday.date)}
          </Text>
          <Text size="sm">{holiday.name}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${holiday.name}`}
            onClick={() => onChange(holidays.filter((other) => other.date !== holiday.date))}
          >
            <HiTrash aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label="Date" value={date} onChange={(event) => setDate(event.currentTarget.value)} />
        <TextInput label="Name" value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
        <Button
          variant="default"
          disabled={!date || !name.trim() || holidays.some((holiday) => holiday.date === date)}
          onClick={() => {
            onChange([...holidays, { date, name: name.trim() }].sort((a, b) => a.date.localeCompare(b.date)));
            setDate('');
            setName('');
          }}
        >
          Add holiday
        </Button>
      </Group>
    </Stack>
  );
}
