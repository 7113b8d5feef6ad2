import { Checkbox, Code, Fieldset, Input, Stack, Text } from '@mantine/core';
import {
  SUBSCRIBABLE_WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGE_KIND_LABELS,
  WEBHOOK_MESSAGE_KINDS,
  type WebhookEventType,
  type WebhookMessageKind,
} from '@smart/contracts';
import { type Ref, useId } from 'react';
import { eventGroups, MESSAGE_EVENT } from '../webhook-form';

interface EventPickerProps {
  value: WebhookEventType[];
  onChange: (eventTypes: WebhookEventType[]) => void;
  messageKinds: WebhookMessageKind[];
  onMessageKindsChange: (kinds: WebhookMessageKind[]) => void;
  error?: string | undefined;
  messageKindsError?: string | undefined;
  fieldRef?: Ref<HTMLFieldSetElement>;
}

const GROUPS = eventGroups();

/**
 * The events an endpoint hears, grouped by resource, each with what it means; Select all on top.
 * Messages are opt-in per conversation kind: the kinds show once `message.created` is picked.
 */
export function EventPicker({
  value,
  onChange,
  messageKinds,
  onMessageKindsChange,
  error,
  messageKindsError,
  fieldRef,
}: EventPickerProps) {
  const errorId = useId();
  const all = value.length === SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.length;
  const toggle = (type: WebhookEventType, on: boolean) =>
    // Kept in the catalogue's order, whatever order they were ticked in.
    onChange(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : value.includes(each))));
  return (
    <fieldset
      ref={fieldRef}
      aria-describedby={error ? errorId : undefined}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Input.Label component="legend" required p={0}>
        Events
      </Input.Label>
      <Input.Description>What this endpoint hears about</Input.Description>
      {/* Above the list, which is longer than a phone's screen. */}
      {error && (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      )}
      <Stack gap="sm" mt="xs">
        <Checkbox
          label="Select all"
          checked={all}
          indeterminate={value.length > 0 && !all}
          onChange={() => onChange(all ? [] : [...SUBSCRIBABLE_WEBHOOK_EVENT_TYPES])}
          fw={600}
        />
        {GROUPS.map((group) => (
          <Fieldset key={group.label} legend={group.label} variant="filled" p="sm">
            <Stack gap="xs">
              {group.events.map(({ type, description }) => (
                <div key={type}>
                  <Checkbox
                    checked={value.includes(type)}
                    onChange={(event) => toggle(type, event.currentTarget.checked)}
                    label={<Code>{type}</Code>}
                    description={description}
                    error={Boolean(error)}
                  />
                  {type === MESSAGE_EVENT && value.includes(MESSAGE_EVENT) && (
                    <MessageKinds value={messageKinds} onChange={onMessageKindsChange} error={messageKindsError} />
                  )}
                </div>
              ))}
            </Stack>
          </Fieldset>
        ))}
      </Stack>
    </fieldset>
  );
}

/** The conversation kinds whose messages `message.created` sends: none until chosen. */
function MessageKinds({
  value,
  onChange,
  error,
}: {
  value: WebhookMessageKind[];
  onChange: (kinds: WebhookMessageKind[]) => void;
  error?: string | undefined;
}) {
  return (
    <div>
      <Checkbox.Group
        label="Conversation kinds"
        description="Messages are sent only from the kinds picked here"
        value={value}
        onChange={(picked) => onChange(picked as WebhookMessageKind[])}
        error={error}
        ml={32}
        mt="xs"
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_MESSAGE_KINDS.map((kind) => (
            <Checkbox key={kind} value={kind} label={WEBHOOK_MESSAGE_KIND_LABELS[kind]} size="sm" />
          ))}
        </Stack>
      </Checkbox.Group>
      {value.length === 0 && !error && (
        <Text size="xs" c="dimmed" ml={32} mt={4}>
          No kind picked: no message is sent.
        </Text>
      )}
    </div>
  );
}
