import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AdvisorMeeting,
  type CreateMeetingBody,
  createMeetingBody,
  displayName,
  formatSlotTime,
  hasRole,
  isAdmin,
  MAX_MEETING_AGENDA_LENGTH,
  MAX_MEETING_TOPIC_LENGTH,
  UI_TEXT,
} from '@smart/contracts';
import { useCallback, useState } from 'react';
import type { ChosenPerson } from '@/components/ChosenPeople';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useAuth } from '@/features/auth';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import type { BookMeetingPrefill } from '@/lib/book-meeting';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import type { useBookMeeting } from '../api';
import { useBookingFailure } from '../taken-time';
import { AdvisorSideFields } from './AdvisorSideFields';
import { SlotPicker } from './SlotPicker';

const lengthOption = (length: number) => ({ value: String(length), label: `${length} minutes` });

/** The booking's fields; each refusal whose `details` path names one shows under it (lib/forms.ts). */
interface BookingValues {
  advisorId: string | null;
  /** Null until chosen: the advisor's shortest offered length, which the free times' answer names. */
  length: number | null;
  /** The chosen start, with the advisor's zone for the confirmation. */
  slot: { start: string; advisorZone: string } | null;
  topic: string;
  agenda: string;
  organizationId: string | null;
  attendees: ChosenPerson[];
}

export interface BookingFormProps {
  prefill: BookMeetingPrefill;
  onClose: () => void;
  book: ReturnType<typeof useBookMeeting>;
  onBooked: (booked: { meeting: AdvisorMeeting; advisorZone: string }) => void;
}

/**
 * The booking's fields: who with (a member's advisor; for an advisor, the organization and its
 * attendees), how long, when (a week of free times in the viewer's zone), the topic and agenda.
 * A time taken meanwhile (409) refreshes the free times and says so.
 */
export function BookingForm({ prefill, book, onBooked, onClose }: BookingFormProps) {
  const bookingFailure = useBookingFailure();
  const { user } = useAuth();
  // An advisor books with its own calendar, for an organization it advises.
  const advisorSide = hasRole(user, 'advisor') && !isAdmin(user);
  const advisors = useAvailableAdvisors(!advisorSide);
  const { timeZone, known } = useViewerTimeZone();
  const form = useSavingForm<BookingValues>(book, {
    initialValues: {
      advisorId: prefill.advisorId ?? null,
      length: null,
      slot: null,
      topic: '',
      agenda: '',
      organizationId: null,
      attendees: [],
    },
    validate: validateWith(createMeetingBody, { input: (values: BookingValues) => bodyOf(values) }),
  });
  const [offered, setOffered] = useState<{ sessionLengths: number[]; length: number } | null>(null);
  const onOffered = useCallback((answer: { sessionLengths: number[]; length: number }) => setOffered(answer), []);
  // A time someone took meanwhile: said above the form until another time is chosen.
  const [taken, setTaken] = useState(false);
  const { advisorId, length, slot, topic, organizationId } = form.getValues();
  const shownLength = length ?? offered?.length ?? null;
  const list = advisors.data ?? [];
  // One advisor: nothing to choose.
  const chosen = advisorSide ? (user?.id ?? null) : (advisorId ?? (list.length === 1 ? (list[0]?.id ?? null) : null));

  function bodyOf(values: BookingValues): CreateMeetingBody {
    return {
      advisorId: chosen ?? '',
      start: values.slot?.start ?? '',
      length: values.length ?? offered?.length ?? 0,
      topic: values.topic,
      agenda: values.agenda,
      ...(advisorSide && {
        organizationId: values.organizationId ?? undefined,
        attendeeIds: values.attendees.map((person) => person.id),
      }),
    };
  }

  if (!advisorSide && advisors.isSuccess && list.length === 0) {
    return (
      <Stack>
        <Text>{UI_TEXT.noAdvisorToBook}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    const booked = values.slot;
    if (!chosen || !booked || shownLength === null) return;
    setTaken(false);
    book.mutate(bodyOf(values), {
      onSuccess: (meeting) => onBooked({ meeting, advisorZone: booked.advisorZone }),
      onError: (error) => {
        if (!bookingFailure(error).taken) return showUnderField(form)(error);
        setTaken(true);
        form.setFieldValue('slot', null);
      },
    });
  });

  const missing =
    advisorSide && !organizationId
      ? 'Choose an organization'
      : !chosen
        ? 'Choose an advisor'
        : !slot
          ? 'Choose a time'
          : topic.trim() === ''
            ? 'Enter a topic'
            : null;
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {advisorSide && (
          <AdvisorSideFields
            organizationId={organizationId}
            organizationError={form.errors.organizationId}
            onOrganizationChange={(value) => form.setFieldValue('organizationId', value)}
            attendees={form.getValues().attendees}
            onAttendeesChange={(people) => form.setFieldValue('attendees', people)}
          />
        )}
        <Group grow align="flex-start" gap="sm">
          {!advisorSide && (
            <Select
              label="Advisor"
              placeholder={advisors.isPending ? 'Loading...' : 'Choose an advisor'}
              data={list.map((advisor) => ({ value: advisor.id, label: displayName(advisor) }))}
              value={chosen}
              onChange={(value) => {
                form.setValues({ advisorId: value, length: null, slot: null });
                setOffered(null);
              }}
              allowDeselect={false}
              error={advisors.isError ? advisors.error.message : form.errors.advisorId}
            />
          )}
          <Select
            label="Length"
            placeholder={chosen ? 'Loading...' : 'Choose an advisor first'}
            data={(offered?.sessionLengths ?? []).map(lengthOption)}
            value={shownLength === null ? null : String(shownLength)}
            onChange={(value) => form.setValues({ length: Number(value), slot: null })}
            allowDeselect={false}
            error={form.errors.length}
          />
        </Group>
        {chosen && known && (
          <SlotPicker
            advisorId={chosen}
            length={length}
            onOffered={onOffered}
            {...(!advisorSide && {
              onChooseAdvisor: (substituteId: string) =>
                form.setValues({ advisorId: substituteId, length: null, slot: null }),
            })}
            timeZone={timeZone}
            selected={slot?.start ?? null}
            onSelect={(start, advisorZone) => {
              form.setFieldValue('slot', { start, advisorZone });
              setTaken(false);
            }}
          />
        )}
        {slot && (
          <Text size="sm" data-testid="chosen-time">
            Chosen: <strong>{formatSlotTime(slot.start, timeZone)}</strong>
          </Text>
        )}
        <TextInput label="Topic" required maxLength={MAX_MEETING_TOPIC_LENGTH} {...form.getInputProps('topic')} />
        <Textarea
          label="Agenda"
          description="What you would like to go through (optional)"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_MEETING_AGENDA_LENGTH}
          {...form.getInputProps('agenda')}
        />
        <FormError message={taken ? UI_TEXT.meetingTimeTakenRefreshed : messageAboveForm(book.error, form)} />
        <FormActions
          busy={book.isPending}
          submitLabel="Book session"
          onCancel={onClose}
          submitDisabled={missing !== null}
          disabledHint={missing ?? undefined}
        />
      </Stack>
    </form>
  );
}
