import { Select, Stack, Text, TextInput } from '@mantine/core';
import { MAX_TEMPLATE_CATEGORY_LENGTH, MAX_TEMPLATE_NAME_LENGTH, type Template, UI_TEXT } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { DescriptionField } from '@/components/NameDescriptionFields';
import { UploadProgress } from '@/components/UploadProgress';
import { useSavingForm } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCreateTemplate, useTemplateDepartments, useUpdateTemplate } from '../api';
import { addChosenFiles, noFiles, type PickedFiles } from '../picked-files';
import {
  draftFrom,
  editFrom,
  emptyTemplateForm,
  type FormFile,
  formFilesOf,
  formFromTemplate,
  type TemplateFormValues,
  templateFormRefusal,
} from '../template-form';
import { TemplateFilesField } from './TemplateFilesField';

/** Keys of chosen files, unique in the page (crypto.randomUUID needs a secure context). */
let chosenCount = 0;
function nextFileKey() {
  chosenCount += 1;
  return String(chosenCount);
}

type TemplateFormModalProps = {
  opened: boolean;
  onClose: () => void;
} & ({ mode: 'create'; departmentId: string; template?: undefined } | { mode: 'edit'; template: Template });

/** Create Template and Edit Template. Closes on success; the lists and counts reload. */
export function TemplateFormModal(props: TemplateFormModalProps) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const busy = (props.mode === 'create' ? create : update).isPending;
  return (
    <LockedModal
      opened={props.opened}
      busy={busy}
      title={props.mode === 'create' ? 'Create Template' : 'Edit Template'}
      onClose={props.onClose}
    >
      <TemplateForm {...props} create={create} update={update} />
    </LockedModal>
  );
}

type TemplateFormProps = TemplateFormModalProps & {
  create: ReturnType<typeof useCreateTemplate>;
  update: ReturnType<typeof useUpdateTemplate>;
};

function TemplateForm(props: TemplateFormProps) {
  const { mode, template, onClose, create, update } = props;
  const mutation = mode === 'create' ? create : update;
  const departments = useTemplateDepartments({});
  const form = useSavingForm<TemplateFormValues>(mutation, {
    initialValues: template
      ? formFromTemplate(template)
      : emptyTemplateForm(props.mode === 'create' ? props.departmentId : null),
    onValuesChange: () => setRefusal(null),
  });
  const [files, setFiles] = useState<PickedFiles<FormFile>>(() => (template ? formFilesOf(template) : noFiles()));
  const [refusal, setRefusal] = useState<string | null>(null);
  const { values } = form;

  function choose(chosen: File[]) {
    const added = addChosenFiles(files, chosen, (file): FormFile => ({ kind: 'new', file, key: nextFileKey() }));
    setFiles(added.files);
    setRefusal(added.refusal);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.reset();
    const message = templateFormRefusal(values, files.items.length);
    setRefusal(message);
    if (message) return;
    const onSuccess = () => {
      toastSuccess(mode === 'create' ? UI_TEXT.templateCreated : UI_TEXT.templateUpdated);
      onClose();
    };
    if (mode === 'create') create.mutate(draftFrom(values, files), { onSuccess });
    else if (template) update.mutate(editFrom(template, values, files), { onSuccess });
  }

  const missing = refusal === UI_TEXT.templateFieldsRequired;
  const options = (departments.data ?? [])
    .filter((department) => department.settings.isActive || department.id === values.departmentId)
    .map((department) => ({ value: department.id, label: department.name }));
  const sending = mutation.isPending && files.items.some((item) => item.kind === 'new');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={refusal ?? mutation.error?.message} />
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={MAX_TEMPLATE_NAME_LENGTH}
          {...form.getInputProps('name')}
          error={missing && !values.name.trim()}
        />
        <DescriptionField {...form.getInputProps('description')} />
        <Select
          label="Department"
          required
          data={options}
          searchable
          nothingFoundMessage={UI_TEXT.noTemplateDepartments}
          value={values.departmentId}
          onChange={(picked) => form.setFieldValue('departmentId', picked)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Category"
          required
          placeholder="e.g. Policy, Checklist, Form"
          maxLength={MAX_TEMPLATE_CATEGORY_LENGTH}
          {...form.getInputProps('category')}
          error={missing && !values.category.trim()}
        />
        <TextInput
          label="Tags"
          description="Separate tags with commas"
          placeholder="e.g. budget, quarterly, finance"
          {...form.getInputProps('tags')}
        />
        <TemplateFilesField
          files={files}
          onChange={(changed) => {
            setFiles(changed);
            setRefusal(null);
          }}
          onChoose={choose}
          disabled={mutation.isPending}
          invalid={missing && files.items.length === 0}
        />
        {sending && <UploadProgress sent={mutation.sent} />}
        {mode === 'edit' && (
          <Text size="xs" c="dimmed">
            Files you remove are deleted when you save.
          </Text>
        )}
        <FormActions
          busy={mutation.isPending}
          busyLabel={sending ? 'Uploading...' : undefined}
          submitLabel={mode === 'create' ? 'Create Template' : 'Save Changes'}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
