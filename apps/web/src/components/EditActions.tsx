import { Button } from '@mantine/core';
import { HiPencil } from 'react-icons/hi';

interface EditActionsProps {
  editing: boolean;
  /** True while the save runs. */
  busy: boolean;
  /** The id of the form that Save submits. */
  formId: string;
  onEdit: () => void;
  onCancel: () => void;
}

/** The buttons beside a section's title: Edit, or Cancel and Save ('Saving...' while it runs). */
export function EditActions({ editing, busy, formId, onEdit, onCancel }: EditActionsProps) {
  if (!editing) {
    return (
      <Button variant="light" leftSection={<HiPencil aria-hidden />} onClick={onEdit}>
        Edit
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </>
  );
}
