import { Textarea, type TextareaProps, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '@smart/contracts';

interface NameDescriptionFieldsProps<Values extends NameAndDescription> {
  form: UseFormReturnType<Values>;
  nameLabel: string;
  /** A one-message form shows its error in the red box above: the name is only marked invalid here. */
  errorInBox?: boolean;
}

interface NameAndDescription {
  name: string;
  description: string;
}

/** The name (required, focused first) and description of a department or team form. */
export function NameDescriptionFields<Values extends NameAndDescription>({
  form,
  nameLabel,
  errorInBox = false,
}: NameDescriptionFieldsProps<Values>) {
  // The generic form cannot type its own paths; these two exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<NameAndDescription>;
  const name = typed.getInputProps('name', { withError: !errorInBox });
  return (
    <>
      <TextInput
        label={nameLabel}
        required
        data-autofocus
        maxLength={MAX_NAME_LENGTH}
        {...name}
        error={errorInBox ? 'name' in form.errors : name.error}
      />
      <DescriptionField {...typed.getInputProps('description')} />
    </>
  );
}

/** A record's description: optional, growing with its text. Pass the form's input props. */
export function DescriptionField(props: Omit<TextareaProps, 'label'>) {
  return <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={MAX_LONG_TEXT_LENGTH} {...props} />;
}
