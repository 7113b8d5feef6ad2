import { Button } from '@mantine/core';
import { HiPencil } from 'react-icons/hi';

interface EditActionsProps {
  editing: boolean;
  /** True while the save runs. */
  busy: boolean;
  /** The id of the form that Save submits. */
  formId: string;
  /** Edit switches the form on, Cancel off (useEditableSection's `edit`). */
  edit: (on: boolean) => void;
}

/** The buttons beside a section's title: Edit, or Cancel and Save ('Saving...' while it runs). */
export function EditActions({ editing, busy, formId, edit }: EditActionsProps) {
  if (!editing) {
    return (
      <Button variant="light" leftSection={<HiPencil aria-hidden />} onClick={() => edit(true)}>
        Edit
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" onClick={() => edit(false)} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </>
  );
}
