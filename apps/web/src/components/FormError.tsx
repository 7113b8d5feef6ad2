import { Alert, type AlertProps } from '@mantine/core';

interface FormErrorProps extends Pick<AlertProps, 'mt' | 'py'> {
  /** Nothing renders while this is empty. */
  message: string | null | undefined;
}

/**
 * A form's inline error: a red box that screen readers announce (role="alert"). A message of
 * several lines (every refused file of a picker, lib/chosen-files.ts) shows them as lines.
 */
export function FormError({ message, mt, py }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" mt={mt} py={py} style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
