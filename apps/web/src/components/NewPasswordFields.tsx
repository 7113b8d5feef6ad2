import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

/** The new password, typed twice (the password change and the reset page). */
export function NewPasswordFields<Values extends NewPassword>({ form }: { form: UseFormReturnType<Values> }) {
  // The generic form cannot type its own paths; these two exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<NewPassword>;
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        {...typed.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...typed.getInputProps('confirmPassword')}
      />
    </>
  );
}
