import { Button, Group, type GroupProps, type MantineColor, Text } from '@mantine/core';
import { useId } from 'react';

interface FormActionsProps extends Pick<GroupProps, 'gap' | 'mt'> {
  /** True while the request runs: Cancel is disabled and the submit button waits. */
  busy: boolean;
  submitLabel: string;
  /** Shown on the disabled submit button while busy, instead of a spinner. */
  busyLabel?: string;
  onCancel: () => void;
  /** The dismiss button's words, when "Cancel" would read like the action itself ("Keep session" beside "Cancel session"). */
  cancelLabel?: string;
  submitDisabled?: boolean;
  /** Says why the submit button is disabled (e.g. a required name is blank); shown beside it. */
  disabledHint?: string;
  /** Disables Cancel beyond busy, e.g. while a success message waits for the modal to close. */
  cancelDisabled?: boolean;
  /** Outside a form: the submit button calls this instead of submitting. */
  onConfirm?: () => void;
  color?: MantineColor;
}

/** Cancel and the submit button, right-aligned at the foot of a modal. */
export function FormActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  disabledHint,
  cancelDisabled = false,
  onConfirm,
  color,
  gap,
  mt,
}: FormActionsProps) {
  // With a busy label the button says it waits; without one it shows Mantine's spinner.
  const labelled = busyLabel !== undefined;
  const hintId = useId();
  const hint = submitDisabled && disabledHint;
  return (
    <Group justify="flex-end" gap={gap} mt={mt}>
      {hint && (
        <Text id={hintId} size="sm" c="dimmed" mr="auto">
          {hint}
        </Text>
      )}
      <Group justify="flex-end" gap={gap}>
        <Button variant="default" onClick={onCancel} disabled={busy || cancelDisabled}>
          {cancelLabel}
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          onClick={onConfirm}
          color={color}
          loading={!labelled && busy}
          disabled={submitDisabled || (labelled && busy)}
          aria-describedby={hint ? hintId : undefined}
        >
          {labelled && busy ? busyLabel : submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
