import { Checkbox, Group, NumberInput, SimpleGrid } from '@mantine/core';
import {
  MAX_BUFFER_MINUTES,
  MAX_CANCEL_CUTOFF_MINUTES,
  MAX_HORIZON_DAYS,
  MAX_MINIMUM_NOTICE_MINUTES,
  MAX_RESCHEDULES_LIMIT,
  MAX_SESSIONS_PER_DAY,
  MAX_SESSIONS_PER_WEEK,
  MEETING_LENGTHS,
  type MeetingLength,
} from '@smart/contracts';
import type { AvailabilityDraft } from '../availability-form';

type Rules = Pick<
  AvailabilityDraft,
  | 'sessionLengths'
  | 'bufferMinutes'
  | 'minimumNoticeMinutes'
  | 'horizonDays'
  | 'maxSessionsPerDay'
  | 'maxSessionsPerWeek'
  | 'cancelCutoffMinutes'
  | 'maxReschedules'
>;

interface BookingRulesFieldsProps {
  value: Rules;
  onChange: (change: Partial<Rules>) => void;
}

/** A whole number from a NumberInput ('' while the field is empty: 0). */
const whole = (value: string | number) => (typeof value === 'number' ? Math.round(value) : 0);
/** A limit from a NumberInput: empty is no limit. */
const limit = (value: string | number) => (typeof value === 'number' ? Math.round(value) : null);

/** The lengths a member may book, and the rules around every booking: buffer, notice, horizon. */
export function BookingRulesFields({ value, onChange }: BookingRulesFieldsProps) {
  return (
    <>
      <Checkbox.Group
        label="Session lengths offered"
        description="Members choose one of these when they book; at least one is offered."
        value={value.sessionLengths.map(String)}
        onChange={(lengths) =>
          onChange({
            sessionLengths: MEETING_LENGTHS.filter((length) => lengths.includes(String(length))) as MeetingLength[],
          })
        }
      >
        <Group gap="md" mt="xs">
          {MEETING_LENGTHS.map((length) => (
            <Checkbox
              key={length}
              value={String(length)}
              label={`${length} min`}
              // The last length offered stays: a calendar offering none could not be booked.
              disabled={value.sessionLengths.length === 1 && value.sessionLengths[0] === length}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
        <NumberInput
          label="Buffer (minutes)"
          description="Kept free after each session."
          value={value.bufferMinutes}
          onChange={(minutes) => onChange({ bufferMinutes: whole(minutes) })}
          min={0}
          max={MAX_BUFFER_MINUTES}
          step={5}
          allowDecimal={false}
        />
        <NumberInput
          label="Minimum notice (minutes)"
          description="How soon before a session it may be booked."
          value={value.minimumNoticeMinutes}
          onChange={(minutes) => onChange({ minimumNoticeMinutes: whole(minutes) })}
          min={0}
          max={MAX_MINIMUM_NOTICE_MINUTES}
          step={15}
          allowDecimal={false}
        />
        <NumberInput
          label="Booking horizon (days)"
          description={`How far ahead members may book, up to ${MAX_HORIZON_DAYS}.`}
          value={value.horizonDays}
          onChange={(days) => onChange({ horizonDays: whole(days) })}
          min={1}
          max={MAX_HORIZON_DAYS}
          allowDecimal={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" mt="md">
        <NumberInput
          label="Sessions a day"
          description="At most, in your zone; empty: no limit."
          placeholder="No limit"
          value={value.maxSessionsPerDay ?? ''}
          onChange={(count) => onChange({ maxSessionsPerDay: limit(count) })}
          min={1}
          max={MAX_SESSIONS_PER_DAY}
          allowDecimal={false}
        />
        <NumberInput
          label="Sessions a week"
          description="At most, Monday to Sunday; empty: no limit."
          placeholder="No limit"
          value={value.maxSessionsPerWeek ?? ''}
          onChange={(count) => onChange({ maxSessionsPerWeek: limit(count) })}
          min={1}
          max={MAX_SESSIONS_PER_WEEK}
          allowDecimal={false}
        />
        <NumberInput
          label="Cancellation cut-off (hours)"
          description="Inside it, members cannot cancel or move a session; you and their org_admin still can, with a reason."
          value={value.cancelCutoffMinutes / 60}
          onChange={(hours) => onChange({ cancelCutoffMinutes: Math.round(whole(Number(hours) * 60)) })}
          min={0}
          max={MAX_CANCEL_CUTOFF_MINUTES / 60}
          allowDecimal={false}
        />
        <NumberInput
          label="Moves per session"
          description="How often a member may move one; empty: no limit."
          placeholder="No limit"
          value={value.maxReschedules ?? ''}
          onChange={(count) => onChange({ maxReschedules: limit(count) })}
          min={0}
          max={MAX_RESCHEDULES_LIMIT}
          allowDecimal={false}
        />
      </SimpleGrid>
    </>
  );
}
