import { Stack } from '@mantine/core';
import {
  createDepartmentBody as createSchema,
  type Department,
  displayName,
  UI_TEXT,
  updateDepartmentBody as updateSchema,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { IconPicker, iconPickerProps } from '@/components/IconPicker';
import { LockedModal } from '@/components/LockedModal';
import { NameDescriptionFields } from '@/components/NameDescriptionFields';
import { OrganizationPicker } from '@/components/OrganizationPicker';
import { PersonPicker } from '@/components/PersonPicker';
import { useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCreateDepartment, useUpdateDepartment } from '../api';
import {
  createDepartmentBody,
  type DepartmentFormValues,
  departmentBody,
  EMPTY_DEPARTMENT_FORM,
  formFromDepartment,
} from '../department-form';

type DepartmentFormModalProps = {
  opened: boolean;
  onClose: () => void;
} & (
  | {
      mode: 'create';
      department?: undefined;
      withManager?: false;
      /** A platform admin picks the organization; everyone else creates in its own. */
      choosesOrganization?: boolean;
    }
  | {
      mode: 'edit';
      department: Department;
      /** The Details tab's modal also picks the manager from the organization's people. */
      withManager?: boolean;
      choosesOrganization?: false;
    }
);

/** Create Department / Edit Department. Closes on success; the lists reload. */
export function DepartmentFormModal(props: DepartmentFormModalProps) {
  const { opened, onClose, mode } = props;
  // The mutations live here so the modal cannot be closed while a save is in flight.
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const busy = (mode === 'create' ? create : update).isPending;
  return (
    <LockedModal
      opened={opened}
      busy={busy}
      title={mode === 'create' ? 'Create Department' : 'Edit Department'}
      onClose={onClose}
    >
      {/* Mounted only while open, so each opening starts from the department's current values. */}
      <DepartmentForm {...props} create={create} update={update} />
    </LockedModal>
  );
}

type DepartmentFormProps = DepartmentFormModalProps & {
  create: ReturnType<typeof useCreateDepartment>;
  update: ReturnType<typeof useUpdateDepartment>;
};

/** Issues whose field has another name in the form: the emoji field shows why the icon is refused. */
const ISSUE_FIELDS = { 'settings.icon': 'emoji', manager: 'managerId' };

function DepartmentForm({
  mode,
  department,
  withManager = false,
  choosesOrganization = false,
  onClose,
  create,
  update,
}: DepartmentFormProps) {
  const mutation = mode === 'create' ? create : update;
  const form = useSavingForm<DepartmentFormValues>(mutation, {
    initialValues: department ? formFromDepartment(department) : EMPTY_DEPARTMENT_FORM,
    validate:
      mode === 'create'
        ? validateWith(createSchema, { input: createDepartmentBody, fields: ISSUE_FIELDS })
        : validateWith(updateSchema, {
            input: (values: DepartmentFormValues) => departmentBody(values, withManager),
            fields: ISSUE_FIELDS,
          }),
    // A typed emoji is checked as it is typed, as before.
    validateInputOnChange: ['emoji'],
  });
  const { values } = form;

  const submit = form.onSubmit((submitted) => {
    if (mode === 'create') {
      create.mutate(createDepartmentBody(submitted), { onSuccess: onClose });
      return;
    }
    if (!department) return;
    update.mutate(
      // The manager is sent only when changed: a manager since deactivated is not listed as the
      // department's, and saving the name must not clear it.
      { departmentId: department.id, body: departmentBody(submitted, withManager && form.isDirty('managerId')) },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.departmentUpdated);
          onClose();
        },
      },
    );
  });

  // A blank name could do nothing; instead Save waits for it and says so.
  const missingOrganization = choosesOrganization && !values.organizationId;
  const missingName = !values.name.trim();
  const manager = department?.manager;

  return (
    <form onSubmit={(event) => (mutation.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={mutation.error?.message} />
        {choosesOrganization && (
          <OrganizationPicker
            value={values.organizationId}
            onChange={(picked) => form.setFieldValue('organizationId', picked)}
          />
        )}
        <NameDescriptionFields form={form} nameLabel="Name" />
        {withManager && (
          <PersonPicker
            organizationId={department?.organizationId}
            label="Manager"
            placeholder="No manager"
            clearable
            value={values.managerId}
            // A manager who has since left the active members still shows as the current choice.
            valueLabel={manager ? displayName(manager, manager.email) : null}
            onChange={(picked) => form.setFieldValue('managerId', picked)}
            error={form.errors.managerId}
          />
        )}
        <IconPicker {...iconPickerProps(form)} />
        <FormActions
          busy={mutation.isPending}
          submitLabel={mode === 'create' ? 'Create Department' : 'Save Changes'}
          onCancel={onClose}
          submitDisabled={missingOrganization || missingName}
          disabledHint={missingOrganization ? 'Choose the organization first.' : 'A department needs a name.'}
        />
      </Stack>
    </form>
  );
}
