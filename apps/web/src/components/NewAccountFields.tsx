import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { markedInputProps } from '@/lib/forms';
import type { NewAccountValues } from '@/lib/new-account';

/**
 * Name, e-mail and the password typed twice, of a form that registers someone. Each field is only
 * marked when invalid: these forms show one message at a time, in their red box.
 */
export function NewAccountFields<Values extends NewAccountValues>({ form }: { form: UseFormReturnType<Values> }) {
  // The generic form cannot type its own paths; these exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<NewAccountValues>;
  const field = (name: keyof NewAccountValues) => markedInputProps(typed, name);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="First name" withAsterisk autoComplete="off" {...field('firstName')} />
        <TextInput label="Last name" withAsterisk autoComplete="off" {...field('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...field('email')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PasswordInput label="Password" withAsterisk autoComplete="new-password" {...field('password')} />
        <PasswordInput
          label="Confirm password"
          withAsterisk
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </SimpleGrid>
    </>
  );
}
