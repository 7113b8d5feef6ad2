import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type AdvisorAvailability, MESSAGES } from '@smart/contracts';
import { type ReactNode, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { TimeZoneSelect } from '@/components/TimeZoneSelect';
import { toastSuccess } from '@/lib/toast';
import { useSaveAvailability } from '../api';
import { type AvailabilityDraft, draftOf, firstProblem } from '../availability-form';
import { BookingRulesFields } from './BookingRulesFields';
import { DateOverridesFields } from './DateOverridesFields';
import { WeeklyHoursFields } from './WeeklyHoursFields';

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
      {children}
    </Paper>
  );
}

/**
 * When the advisor can meet: its zone, weekly hours, date overrides and booking rules. The whole
 * availability is saved at once (PUT); a mistake, found here or by the server, shows above Save.
 */
export function AvailabilityForm({ availability }: { availability: AdvisorAvailability }) {
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftOf(availability));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAvailability('me');
  const change = (part: Partial<AvailabilityDraft>) => {
    setDraft((current) => ({ ...current, ...part }));
    setProblem(null);
  };
  const canEdit = availability.permissions.canEdit;

  const submit = () => {
    const found = firstProblem(draft);
    if (found) {
      setProblem(found);
      return;
    }
    save.mutate(draft, {
      onSuccess: () => toastSuccess(MESSAGES.availabilitySaved),
      onError: (error) => setProblem(error.message || MESSAGES.saveAvailabilityFailed),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Availability"
    >
      <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Section title="Time zone" text="Your hours below are read in this zone, whatever zone a member books from.">
            <Box maw={420}>
              <TimeZoneSelect
                label="Time zone"
                description="The zone of your working hours."
                value={draft.timeZone}
                onChange={(timeZone) => change({ timeZone })}
              />
            </Box>
          </Section>
          <Section title="Weekly hours" text="When members can book you each week. Times are 24-hour, HH:MM.">
            <WeeklyHoursFields value={draft.weeklyHours} onChange={(weeklyHours) => change({ weeklyHours })} />
          </Section>
          <Section title="Date overrides" text="Other hours on one date, or a day off, in place of its weekday's.">
            <DateOverridesFields
              value={draft.dateOverrides}
              onChange={(dateOverrides) => change({ dateOverrides })}
              timeZone={draft.timeZone}
            />
          </Section>
          <Section title="Booking rules" text="The lengths you offer and the room around each session.">
            <BookingRulesFields value={draft} onChange={change} />
          </Section>
          <FormError message={problem} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setDraft(draftOf(availability));
                setProblem(null);
              }}
            >
              Reset
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save availability
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
