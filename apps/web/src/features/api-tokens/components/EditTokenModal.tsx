import { Stack } from '@mantine/core';
import { type ApiTokenRecord, UI_TEXT, updateApiTokenBody } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { type UpdateTokenBody, useUpdateToken } from '../api';
import { allScopes, grantedScopes, newTokenValues, type TokenFormValues } from '../token-form';
import { type OrganizationChoice, TokenFormFields } from './TokenFormFields';

interface EditTokenModalProps {
  /** The token edited; null while the modal is closed. */
  token: ApiTokenRecord | null;
  /** The organizations an advisor advises now (its token's own are offered too). */
  advised?: OrganizationChoice[] | undefined;
  onClose: () => void;
}

/** Rename a token, change its scopes, or an advisor token's organizations. Its secret and expiry stay. */
export function EditTokenModal({ token, advised, onClose }: EditTokenModalProps) {
  const update = useUpdateToken();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <LockedModal opened={token !== null} busy={update.isPending} title="Edit token" onClose={close}>
      {token && (
        <EditTokenForm
          token={token}
          organizations={organizationChoices(token, advised)}
          update={update}
          onDone={close}
        />
      )}
    </LockedModal>
  );
}

/** The token's organizations and those advised now, each once, by name. */
function organizationChoices(token: ApiTokenRecord, advised: OrganizationChoice[] = []) {
  if (token.organizations === null) return undefined;
  const byId = new Map([...token.organizations, ...advised].map((organization) => [organization.id, organization]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

interface EditTokenFormProps {
  token: ApiTokenRecord;
  organizations: OrganizationChoice[] | undefined;
  update: ReturnType<typeof useUpdateToken>;
  onDone: () => void;
}

function EditTokenForm({ token, organizations, update, onDone }: EditTokenFormProps) {
  const toBody = (values: TokenFormValues): UpdateTokenBody => ({
    name: values.name,
    scopes: grantedScopes(values.scopes),
    ...(organizations && { organizationIds: values.organizationIds }),
  });
  const form = useSavingForm<TokenFormValues>(update, {
    initialValues: {
      ...newTokenValues(token.organizations?.map((organization) => organization.id)),
      name: token.name,
      scopes: allScopes(token.scopes),
    },
    validate: validateWith(updateApiTokenBody, { input: toBody }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: token.id, body: toBody(values) },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.apiTokenUpdated);
          onDone();
        },
        onError: showUnderField(form),
      },
    ),
  );
  const noOrganization = organizations !== undefined && form.getValues().organizationIds.length === 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Edit token">
      <Stack gap="md">
        <FormError message={messageAboveForm(update.error, form)} />
        <TokenFormFields form={form} organizations={organizations} />
        <FormActions
          busy={update.isPending}
          submitLabel="Save"
          onCancel={onDone}
          submitDisabled={noOrganization}
          disabledHint={UI_TEXT.apiTokenOrganizationsRequired}
        />
      </Stack>
    </form>
  );
}
