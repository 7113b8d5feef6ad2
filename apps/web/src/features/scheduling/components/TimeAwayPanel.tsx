import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { displayName, MAX_TIME_AWAY_NOTE_LENGTH, type MyOrganization, type TimeAway, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiTrash } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { LoadError } from '@/components/LoadError';
import { useAuth } from '@/features/auth';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';
import { useOrganizationAdvisors } from '@/lib/organization-advisors';
import { toastSuccess } from '@/lib/toast';
import { formatDay } from '@/lib/work-format';
import { useCreateTimeAway, useDeleteTimeAway, useTimeAway } from '../time-away-api';

/**
 * The advisor's time away on its Schedule: what is planned, and a form to add more with a
 * substitute per organization. While away it offers no sessions, its new tickets go to the
 * substitute, and the substitute finds its open tickets on My work.
 */
export function TimeAwayPanel() {
  const timeAway = useTimeAway();
  const remove = useDeleteTimeAway();
  if (timeAway.isError) {
    return (
      <LoadError
        message={UI_TEXT.fetchTimeAwayFailed}
        onRetry={() => timeAway.refetch()}
        retrying={timeAway.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="time-away-planned">
        <Title order={2} size="h4" id="time-away-planned" mb="sm">
          Planned time away
        </Title>
        {timeAway.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            No time away planned. Members can book you on every day of your availability.
          </Text>
        )}
        <Stack gap="sm">
          {timeAway.data?.map((entry) => (
            <TimeAwayRow
              key={entry.id}
              entry={entry}
              onDelete={() => remove.mutate(entry.id, { onSuccess: () => toastSuccess(UI_TEXT.timeAwayDeleted) })}
              busy={remove.isPending}
            />
          ))}
        </Stack>
        <FormError message={remove.error?.message} mt="sm" />
      </Paper>
      <NewTimeAwayForm />
    </Stack>
  );
}

function TimeAwayRow({ entry, onDelete, busy }: { entry: TimeAway; onDelete: () => void; busy: boolean }) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      component="article"
      aria-label={`Away ${formatDay(entry.startsOn)} to ${formatDay(entry.endsOn)}`}
    >
      <Stack gap={2}>
        <Text fw={600}>
          {formatDay(entry.startsOn)} – {formatDay(entry.endsOn)}
        </Text>
        {entry.note && <Text size="sm">{entry.note}</Text>}
        <Text size="sm" c="dimmed">
          {entry.substitutes.length === 0
            ? 'No substitute named'
            : entry.substitutes.map((one) => `${one.organizationName}: ${one.substitute.name}`).join(' · ')}
        </Text>
      </Stack>
      {entry.permissions.canDelete && (
        <ActionIcon variant="subtle" color="red" aria-label="Delete this time away" onClick={onDelete} loading={busy}>
          <HiTrash aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

function NewTimeAwayForm() {
  const { user } = useAuth();
  const organizations = useAdvisedOrganizations(true);
  const create = useCreateTimeAway();
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const [substitutes, setSubstitutes] = useState<Record<string, string | null>>({});
  const submit = () =>
    create.mutate(
      {
        startsOn,
        endsOn,
        note,
        substitutes: Object.entries(substitutes)
          .filter((entry): entry is [string, string] => Boolean(entry[1]))
          .map(([organizationId, substituteId]) => ({ organizationId, substituteId })),
      },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.timeAwaySaved);
          setStartsOn('');
          setEndsOn('');
          setNote('');
          setSubstitutes({});
        },
      },
    );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="time-away-new">
      <Title order={2} size="h4" id="time-away-new" mb="sm">
        Add time away
      </Title>
      <form
        aria-label="Add time away"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <FormError message={create.error?.message} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label="First day away"
              required
              value={startsOn}
              onChange={(event) => setStartsOn(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Last day away"
              required
              value={endsOn}
              onChange={(event) => setEndsOn(event.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            maxLength={MAX_TIME_AWAY_NOTE_LENGTH}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {organizations.data?.map((organization) => (
            <SubstituteSelect
              key={organization.organizationId}
              organization={organization}
              selfId={user?.id ?? null}
              value={substitutes[organization.organizationId] ?? null}
              onChange={(substituteId) =>
                setSubstitutes({ ...substitutes, [organization.organizationId]: substituteId })
              }
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!startsOn || !endsOn}>
              Add time away
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Who stands in for the advisor in one organization: another of its advisors, or nobody. */
function SubstituteSelect({
  organization,
  selfId,
  value,
  onChange,
}: {
  organization: MyOrganization;
  selfId: string | null;
  value: string | null;
  onChange: (substituteId: string | null) => void;
}) {
  const advisors = useOrganizationAdvisors(organization.organizationId);
  const options = (advisors.data ?? [])
    .filter((entry) => entry.isActive && entry.advisor.id !== selfId)
    .map((entry) => ({ value: entry.advisor.id, label: displayName(entry.advisor) }));
  return (
    <Select
      label={`Substitute for ${organization.organizationName}`}
      placeholder={options.length === 0 ? 'No other advisor there' : 'Nobody'}
      data={options}
      value={value}
      clearable
      disabled={options.length === 0}
      onChange={onChange}
    />
  );
}
