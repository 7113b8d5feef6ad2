import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AdvisorSession,
  displayName,
  formatSlotTime,
  hasRole,
  isAdmin,
  MAX_SESSION_AGENDA_LENGTH,
  MAX_SESSION_TOPIC_LENGTH,
  UI_TEXT,
} from '@smart/contracts';
import { useCallback, useState } from 'react';
import type { ChosenPerson } from '@/components/ChosenPeople';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useAuth } from '@/features/auth';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import type { BookSessionPrefill } from '@/lib/book-session';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import type { useBookSession } from '../api';
import { useBookingFailure } from '../taken-time';
import { AdvisorSideFields } from './AdvisorSideFields';
import { SlotPicker } from './SlotPicker';

const lengthOption = (length: number) => ({ value: String(length), label: `${length} minutes` });

export interface BookingFormProps {
  prefill: BookSessionPrefill;
  onClose: () => void;
  book: ReturnType<typeof useBookSession>;
  onBooked: (booked: { session: AdvisorSession; advisorZone: string }) => void;
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
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [attendees, setAttendees] = useState<ChosenPerson[]>([]);
  const { timeZone, known } = useViewerTimeZone();
  const [advisorId, setAdvisorId] = useState<string | null>(prefill.advisorId ?? null);
  // Null until chosen: the advisor's shortest offered length, which the free times' answer names.
  const [length, setLength] = useState<number | null>(null);
  const [offered, setOffered] = useState<{ sessionLengths: number[]; length: number } | null>(null);
  const onOffered = useCallback((answer: { sessionLengths: number[]; length: number }) => setOffered(answer), []);
  const shownLength = length ?? offered?.length ?? null;
  const [slot, setSlot] = useState<{ start: string; advisorZone: string } | null>(null);
  const [topic, setTopic] = useState('');
  const [agenda, setAgenda] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const list = advisors.data ?? [];
  // One advisor: nothing to choose.
  const chosen = advisorSide ? (user?.id ?? null) : (advisorId ?? (list.length === 1 ? (list[0]?.id ?? null) : null));

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

  const submit = () => {
    if (!chosen || !slot || shownLength === null) return;
    setMessage(null);
    book.mutate(
      {
        advisorId: chosen,
        start: slot.start,
        length: shownLength,
        topic,
        agenda,
        ...(advisorSide && {
          organizationId: organizationId ?? undefined,
          attendeeIds: attendees.map((person) => person.id),
        }),
      },
      {
        onSuccess: (session) => onBooked({ session, advisorZone: slot.advisorZone }),
        onError: (error) => {
          const failure = bookingFailure(error);
          if (failure.taken) setSlot(null);
          setMessage(failure.message);
        },
      },
    );
  };

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
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {advisorSide && (
          <AdvisorSideFields
            organizationId={organizationId}
            onOrganizationChange={setOrganizationId}
            attendees={attendees}
            onAttendeesChange={setAttendees}
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
                setAdvisorId(value);
                setLength(null);
                setOffered(null);
                setSlot(null);
              }}
              allowDeselect={false}
              error={advisors.isError ? advisors.error.message : undefined}
            />
          )}
          <Select
            label="Length"
            placeholder={chosen ? 'Loading...' : 'Choose an advisor first'}
            data={(offered?.sessionLengths ?? []).map(lengthOption)}
            value={shownLength === null ? null : String(shownLength)}
            onChange={(value) => {
              setLength(Number(value));
              setSlot(null);
            }}
            allowDeselect={false}
          />
        </Group>
        {chosen && known && (
          <SlotPicker
            advisorId={chosen}
            length={length}
            onOffered={onOffered}
            timeZone={timeZone}
            selected={slot?.start ?? null}
            onSelect={(start, advisorZone) => {
              setSlot({ start, advisorZone });
              setMessage(null);
            }}
          />
        )}
        {slot && (
          <Text size="sm" data-testid="chosen-time">
            Chosen: <strong>{formatSlotTime(slot.start, timeZone)}</strong>
          </Text>
        )}
        <TextInput
          label="Topic"
          required
          maxLength={MAX_SESSION_TOPIC_LENGTH}
          value={topic}
          onChange={(event) => setTopic(event.currentTarget.value)}
        />
        <Textarea
          label="Agenda"
          description="What you would like to go through (optional)"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_SESSION_AGENDA_LENGTH}
          value={agenda}
          onChange={(event) => setAgenda(event.currentTarget.value)}
        />
        <FormError message={message} />
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
