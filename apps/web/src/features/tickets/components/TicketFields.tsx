import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_TICKET_DESCRIPTION_LENGTH, MAX_TICKET_TITLE_LENGTH } from '@smart/contracts';
import { AdvisedOrganizationSelect } from '@/components/AdvisedOrganizationSelect';
import { markedInputProps } from '@/lib/forms';
import type { TicketFormValues } from '../ticket-form';
import { CATEGORY_OPTIONS, PRIORITY_OPTIONS, STATUS_OPTIONS } from '../ticket-labels';

interface TicketFieldsProps {
  form: UseFormReturnType<TicketFormValues>;
  /** 'Subject' in the support dialog, 'Title' elsewhere. */
  titleLabel?: string;
  /** The edit dialog sets the status too (freely). */
  withStatus?: boolean;
  disabled?: boolean;
  /** An advisor picks which of its organizations the ticket is for. */
  choosesOrganization?: boolean;
}

/** Title, description, category and priority: the fields every ticket dialog shares. */
export function TicketFields({
  form,
  titleLabel = 'Title',
  withStatus = false,
  disabled = false,
  choosesOrganization = false,
}: TicketFieldsProps) {
  const select = (path: 'priority' | 'category' | 'status') => ({
    ...form.getInputProps(path),
    allowDeselect: false,
    disabled,
    comboboxProps: { withinPortal: true },
  });
  return (
    <>
      {choosesOrganization && (
        <AdvisedOrganizationSelect {...markedInputProps(form, 'organizationId')} disabled={disabled} />
      )}
      <TextInput
        label={titleLabel}
        withAsterisk
        maxLength={MAX_TICKET_TITLE_LENGTH}
        disabled={disabled}
        data-autofocus
        {...markedInputProps(form, 'title')}
      />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={4}
        maxRows={10}
        maxLength={MAX_TICKET_DESCRIPTION_LENGTH}
        disabled={disabled}
        {...markedInputProps(form, 'description')}
      />
      <SimpleGrid cols={{ base: 1, xs: withStatus ? 3 : 2 }}>
        <Select label="Category" data={CATEGORY_OPTIONS} {...select('category')} />
        <Select label="Priority" data={PRIORITY_OPTIONS} {...select('priority')} />
        {withStatus && <Select label="Status" data={STATUS_OPTIONS} {...select('status')} />}
      </SimpleGrid>
    </>
  );
}
