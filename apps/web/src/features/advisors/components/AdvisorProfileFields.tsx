import { TagsInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_ADVISOR_SPECIALTIES, MAX_LONG_TEXT_LENGTH } from '@smart/contracts';
import { markedInputProps } from '@/lib/forms';

/** The fields of an advisor's profile: what its card shows under its name. */
export interface AdvisorProfileValues {
  specialties: string[];
  experience: string;
}

/** Specialties (tags, Enter after each) and experience, in the Add Advisor and Edit profile forms. */
export function AdvisorProfileFields<Values extends AdvisorProfileValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <>
      <TagsInput
        label="Specialties"
        description="Press Enter after each one"
        maxTags={MAX_ADVISOR_SPECIALTIES}
        clearable
        {...markedInputProps(form, 'specialties')}
      />
      <Textarea
        label="Experience"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_LONG_TEXT_LENGTH}
        {...markedInputProps(form, 'experience')}
      />
    </>
  );
}
