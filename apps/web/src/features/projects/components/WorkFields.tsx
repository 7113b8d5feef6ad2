import { Textarea, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_LONG_TEXT_LENGTH, MAX_TITLE_LENGTH } from '@smart/contracts';

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
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_LONG_TEXT_LENGTH}
        {...typed.getInputProps('description')}
      />
    </>
  );
}

/** A date-only field (YYYY-MM-DD, the browser's own date picker); empty means no date. */
export function DateField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="date" {...props} />;
}
