import { Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  createTemplateDepartmentBody,
  MAX_TEMPLATE_DEPARTMENT_NAME_LENGTH,
  TEMPLATE_DEPARTMENT_COLORS,
  type TemplateDepartment,
  UI_TEXT,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { IconPicker, iconPickerProps } from '@/components/IconPicker';
import { LockedModal } from '@/components/LockedModal';
import { DescriptionField } from '@/components/NameDescriptionFields';
import { useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCreateTemplateDepartment, useUpdateTemplateDepartment } from '../api';
import {
  departmentBody,
  emptyDepartmentForm,
  formFromDepartment,
  type TemplateDepartmentFormValues,
} from '../department-form';

interface TemplateDepartmentFormModalProps {
  opened: boolean;
  /** Absent: a new department. */
  department?: TemplateDepartment | undefined;
  onClose: () => void;
}

const COLOR_OPTIONS = TEMPLATE_DEPARTMENT_COLORS.map((color) => ({
  value: color,
  label: color.charAt(0).toUpperCase() + color.slice(1),
}));

/** An admin's Create Department / Edit Department of the library: name, description, colour, icon, active. */
export function TemplateDepartmentFormModal({ opened, department, onClose }: TemplateDepartmentFormModalProps) {
  const create = useCreateTemplateDepartment();
  const update = useUpdateTemplateDepartment();
  const mutation = department ? update : create;
  return (
    <LockedModal
      opened={opened}
      busy={mutation.isPending}
      title={department ? 'Edit Department' : 'Create Department'}
      onClose={onClose}
    >
      <DepartmentForm department={department} onClose={onClose} create={create} update={update} />
    </LockedModal>
  );
}

function DepartmentForm({
  department,
  onClose,
  create,
  update,
}: Omit<TemplateDepartmentFormModalProps, 'opened'> & {
  create: ReturnType<typeof useCreateTemplateDepartment>;
  update: ReturnType<typeof useUpdateTemplateDepartment>;
}) {
  const mutation = department ? update : create;
  const form = useSavingForm<TemplateDepartmentFormValues>(mutation, {
    initialValues: department ? formFromDepartment(department) : emptyDepartmentForm(),
    validate: validateWith(createTemplateDepartmentBody, {
      input: departmentBody,
      fields: { 'settings.icon': 'emoji' },
    }),
    validateInputOnChange: ['emoji'],
  });
  const { values } = form;
  const submit = form.onSubmit((submitted) => {
    const onSuccess = () => {
      toastSuccess(department ? UI_TEXT.templateDepartmentUpdated : UI_TEXT.templateDepartmentCreated);
      onClose();
    };
    if (department) update.mutate({ departmentId: department.id, body: departmentBody(submitted) }, { onSuccess });
    else create.mutate(departmentBody(submitted), { onSuccess });
  });

  return (
    <form onSubmit={(event) => (mutation.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={mutation.error?.message} />
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={MAX_TEMPLATE_DEPARTMENT_NAME_LENGTH}
          {...form.getInputProps('name')}
        />
        <DescriptionField {...form.getInputProps('description')} />
        <Select
          label="Colour"
          data={COLOR_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('color')}
          comboboxProps={{ withinPortal: true }}
        />
        <IconPicker {...iconPickerProps(form)} />
        <Switch
          label="Active"
          description="An inactive department and its templates are hidden from everyone but admins."
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <FormActions
          busy={mutation.isPending}
          submitLabel={department ? 'Save Changes' : 'Create Department'}
          onCancel={onClose}
          submitDisabled={!values.name.trim()}
          disabledHint="A department needs a name."
        />
      </Stack>
    </form>
  );
}
