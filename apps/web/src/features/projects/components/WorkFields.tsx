import { Select, type SelectProps, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_TITLE_LENGTH } from '@smart/contracts';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { DescriptionField } from '@/components/NameDescriptionFields';

interface TitleAndDescription {
  title: string;
  description: string;
}

/** The title (required, focused first) and description of a project, objective or task form. */
export function TitleDescriptionFields<Values extends TitleAndDescription>({
  form,
  titleLabel,
}: {
  form: UseFormReturnType<Values>;
  titleLabel: string;
}) {
  // The generic form cannot type its own paths; these two exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<TitleAndDescription>;
  return (
    <>
      <TextInput
        label={titleLabel}
        required
        data-autofocus
        maxLength={MAX_TITLE_LENGTH}
        {...typed.getInputProps('title')}
      />
      <DescriptionField {...typed.getInputProps('description')} />
    </>
  );
}

/** A date-only field (YYYY-MM-DD, the browser's own date picker); empty means no date. */
export function DateField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="date" {...props} />;
}

/** A status or priority: always one of its values. */
export function ChoiceField(props: SelectProps) {
  return <Select allowDeselect={false} {...props} />;
}

/** A save in flight: the form waits for it and shows its refusal. */
export interface Saving {
  isPending: boolean;
  error: Error | null;
  reset(): void;
}

interface WorkFormProps {
  save: Saving;
  submitLabel: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A project, objective or task form: the server's refusal above its fields, Cancel and the submit button below. */
export function WorkForm({ save, submitLabel, onSubmit, onCancel, children }: WorkFormProps) {
  return (
    <form onSubmit={(event) => (save.isPending ? event.preventDefault() : onSubmit(event))} noValidate>
      <Stack gap="md">
        <FormError message={save.error?.message} />
        {children}
        <FormActions busy={save.isPending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

interface WorkFormModalProps {
  opened: boolean;
  title: string;
  save: Saving;
  onClose: () => void;
  children: ReactNode;
}

/** The dialog around a WorkForm: it cannot be closed while its save runs, and forgets a refusal on closing. */
export function WorkFormModal({ opened, title, save, onClose, children }: WorkFormModalProps) {
  return (
    <LockedModal
      opened={opened}
      busy={save.isPending}
      title={title}
      onClose={() => {
        save.reset();
        onClose();
      }}
    >
      {children}
    </LockedModal>
  );
}
