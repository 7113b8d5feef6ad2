import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type AdvisorAvailability, UI_TEXT } from '@smart/contracts';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { TimeZoneSelect } from '@/components/TimeZoneSelect';
import { toastSuccess } from '@/lib/toast';
import { useSaveAvailability } from '../api';
import { type AvailabilityDraft, draftOf, draftProblems, problemsWithin, problemText } from '../availability-form';
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
 * availability is saved at once (PUT). Save checks the draft first: each mistake marks its fields
 * and is said under its day or date, focus goes to the first wrong field, and the first mistake is
 * also named above Save, as is a refusal from the server. Shown mistakes follow the edits until
 * none is left.
 * Not on lib/forms.ts: its fields are nested (a day's intervals, a date's hours), which the flat
 * fields there cannot name; it checks the contracts' schema itself (availability-form.ts), so the
 * server's only refusal left names no field (a zone its database lacks) and goes above Save.
 */
export function AvailabilityForm({ availability }: { availability: AdvisorAvailability }) {
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftOf(availability));
  // Save found mistakes, and they are not all fixed yet.
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveAvailability('me');
  const problems = useMemo(() => (checking ? draftProblems(draft) : []), [checking, draft]);
  const [first] = problems;
  const summary = refusal ?? (first ? problemText(first, draft) : null);
  const change = (part: Partial<AvailabilityDraft>) => {
    const next = { ...draft, ...part };
    setDraft(next);
    if (checking && draftProblems(next).length === 0) setChecking(false);
    setRefusal(null);
  };
  const canEdit = availability.permissions.canEdit;

  // After a Save that found mistakes, once they are marked: the first wrong field takes focus.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = () => {
    if (draftProblems(draft).length > 0) {
      setChecking(true);
      setFocusRequest((count) => count + 1);
      return;
    }
    save.mutate(draft, {
      onSuccess: () => toastSuccess(UI_TEXT.availabilitySaved),
      onError: (error) => setRefusal(error.message || UI_TEXT.saveAvailabilityFailed),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Availability"
      ref={formRef}
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
            <WeeklyHoursFields
              value={draft.weeklyHours}
              onChange={(weeklyHours) => change({ weeklyHours })}
              problems={problemsWithin(problems, ['weeklyHours'])}
            />
          </Section>
          <Section title="Date overrides" text="Other hours on one date, or a day off, in place of its weekday's.">
            <DateOverridesFields
              value={draft.dateOverrides}
              onChange={(dateOverrides) => change({ dateOverrides })}
              timeZone={draft.timeZone}
              problems={problemsWithin(problems, ['dateOverrides'])}
            />
          </Section>
          <Section title="Booking rules" text="The lengths you offer and the room around each session.">
            <BookingRulesFields value={draft} onChange={change} />
          </Section>
          <FormError message={summary} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setDraft(draftOf(availability));
                setChecking(false);
                setRefusal(null);
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
