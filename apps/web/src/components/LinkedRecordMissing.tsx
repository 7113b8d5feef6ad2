import { Alert } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiExclamation } from 'react-icons/hi';

/**
 * An address naming a record that is not there (`?c=`, `?template=`: an old link, a record one can no
 * longer open): the page shows what it can instead, and says so here until dismissed (decision 0212),
 * rather than silently showing something else.
 */
export function LinkedRecordMissing({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Alert
      role="alert"
      color="yellow"
      variant="light"
      title={title}
      icon={<HiExclamation aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {UI_TEXT.linkedRecordMissing}
    </Alert>
  );
}
