import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { afterPageLoad } from './after-page-load';
import { ApiError } from './api-client';

/**
 * Forms are validated by the contracts' zod schemas, the ones the server checks the same request
 * with. Zod implements Standard Schema; this is the part of that interface used here.
 */
interface Issue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}
interface Schema {
  readonly '~standard': {
    validate(value: unknown): { readonly issues?: readonly Issue[] | undefined } | Promise<unknown>;
  };
}

/** Mantine's bound for form values (interfaces have no index signature, so `unknown` would not do). */
// biome-ignore lint/suspicious/noExplicitAny: the bound useForm itself declares
type FormValues = Record<string, any>;

export interface SchemaOptions<Values> {
  /** What the schema checks, e.g. the request body the values become. Default: the values themselves. */
  input?: (values: Values) => unknown;
  /** Issue and refusal paths (dotted) whose message goes under another field than their last segment. */
  fields?: Readonly<Record<string, string>>;
}

const issuePath = (issue: Issue) =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

/** The flat field a dotted path is about: the one `fields` names for it, else its last segment. */
const fieldOf = (path: string, fields: Readonly<Record<string, string>>) =>
  fields[path] ?? path.split('.').at(-1) ?? path;

/**
 * A `validate` function for Mantine's useForm: every invalid field at once, each with its first
 * message. Form values are flat, so an issue belongs to the field named by its path's last segment
 * ('meta.phone' → 'phone', 'contact.email' → 'email') unless `fields` names another.
 */
export function validateWith<Values>(schema: Schema, { input, fields = {} }: SchemaOptions<Values> = {}) {
  return (values: Values): FormErrors => {
    const result = schema['~standard'].validate(input ? input(values) : values);
    if (result instanceof Promise) throw new Error('Form schemas are synchronous');
    const errors: FormErrors = {};
    for (const issue of result.issues ?? []) {
      errors[fieldOf(issuePath(issue), fields)] ??= issue.message;
    }
    return errors;
  };
}

/**
 * Validation for a form on a page people land on (sign-in): its schema, and zod with it, loads
 * once the page is on screen instead of with it. `validate` checks nothing until then; a submit
 * wrapped in `whenLoaded` waits for the schema, so it is always checked (if the schema cannot be
 * loaded, the submit goes on and the server's own check answers).
 */
export function useDeferredSchema<Values>(load: () => Promise<Schema>, options?: SchemaOptions<Values>) {
  const [deferred] = useState(() => {
    let check: ((values: Values) => FormErrors) | undefined;
    let loading: Promise<void> | undefined;
    const loaded = () =>
      (loading ??= load().then(
        (schema) => {
          check = validateWith(schema, options);
        },
        (error: unknown) => console.error('Form schema failed to load', error),
      ));
    return {
      loaded,
      validate: (values: Values): FormErrors => check?.(values) ?? {},
      whenLoaded:
        (submit: () => void) =>
        (event: { preventDefault(): void }): void => {
          event.preventDefault();
          void loaded().then(submit);
        },
    };
  });
  useEffect(() => afterPageLoad(() => void deferred.loaded()), [deferred]);
  return deferred;
}

/**
 * For a form that shows one message at a time (the add-member form): the first
 * failure of the first check that fails, alone.
 */
export function firstFailure<Values>(...checks: ((values: Values) => FormErrors)[]) {
  return (values: Values): FormErrors => {
    for (const check of checks) {
      const [first] = Object.entries(check(values));
      if (first) return Object.fromEntries([first]);
    }
    return {};
  };
}

/** The message a one-message form shows in its red box: its first error. */
export function firstMessage(errors: FormErrors): string | undefined {
  const [first] = Object.values(errors);
  return typeof first === 'string' ? first : undefined;
}

/**
 * Value, onChange and error for an input of a one-message form (text inputs and pickers alike): the
 * field is marked invalid (red, aria-invalid) while its message shows once, in the form's red box
 * (errors inside modals are a red box).
 */
export function markedInputProps<Values>(form: UseFormReturnType<Values>, path: keyof Values & string) {
  const { value, onChange } = form.getInputProps(path, { withError: false });
  return { value, onChange, error: path in form.errors };
}

/** useForm for a form that saves through a mutation: the last refusal goes as soon as the user edits. */
export function useSavingForm<Values extends FormValues>(save: { reset(): void }, options: UseFormInput<Values>) {
  return useForm<Values>({
    ...options,
    onValuesChange: (values, previous) => {
      save.reset();
      options.onValuesChange?.(values, previous);
    },
  });
}

/** Where a form puts a refused save's message (showUnderField, messageAboveForm). */
export interface RefusalOptions<Values> {
  /** Refusal paths (dotted) whose message goes under another field than their last segment. */
  fields?: SchemaOptions<Values>['fields'];
  /**
   * A form of one field (a code typed back): a refusal that names no field (a wrong or spent code,
   * too many tries) is about that field too, so it goes under it, not in a red box.
   */
  onlyField?: keyof Values & string;
}

/**
 * The field a refusal is about and its message there: the first of the server's `details` whose
 * path names one of the form's fields, named as validateWith names an issue's (`fields`, else the
 * path's last segment); else a form's only field.
 */
function refusedField<Values extends FormValues>(
  error: Error | null,
  form: UseFormReturnType<Values>,
  { fields = {}, onlyField }: RefusalOptions<Values> = {},
) {
  if (!error) return undefined;
  const values = form.getValues();
  const named =
    error instanceof ApiError
      ? error.details
          .map(({ path, message }) => ({ field: fieldOf(path, fields), message }))
          .find(({ field }) => field in values)
      : undefined;
  return named ?? (onlyField && { field: onlyField, message: error.message });
}

/**
 * THE way a refused save shows under a field (mutate's onError): its message goes under the field
 * its `details` name (or the form's only field); any other refusal stays for the red box (messageAboveForm).
 */
export function showUnderField<Values extends FormValues>(
  form: UseFormReturnType<Values>,
  options?: RefusalOptions<Values>,
) {
  return (error: Error) => {
    const refused = refusedField(error, form, options);
    if (refused) form.setFieldError(refused.field, refused.message);
  };
}

/** The red box's message for a save: a refusal not shown under a field (showUnderField). */
export function messageAboveForm<Values extends FormValues>(
  error: Error | null,
  form: UseFormReturnType<Values>,
  options?: RefusalOptions<Values>,
) {
  return error && !refusedField(error, form, options) ? error.message : null;
}

interface EditableSection<Values extends FormValues, Body> {
  /** The saved values: the form starts from them on Edit and returns to them on Cancel. */
  saved: () => Values;
  /** The request body the values become; the contracts' `schema` checks it before it is sent. */
  toBody: (values: Values) => Body;
  schema: Schema;
  save: { mutate(body: Body, callbacks: { onSuccess(): void; onError(error: Error): void }): void } & {
    reset(): void;
    error: Error | null;
  };
  onSaved?: () => void;
}

/**
 * A section that shows saved values and turns into a form on Edit (Personal Information,
 * Organization Details): the form, the edit switch, its submit handler and the message above it.
 */
export function useEditableSection<Values extends FormValues, Body>({
  saved,
  toBody,
  schema,
  save,
  onSaved,
}: EditableSection<Values, Body>) {
  const form = useSavingForm<Values>(save, {
    initialValues: saved(),
    validate: validateWith(schema, { input: toBody }),
  });
  const [editing, setEditing] = useState(false);
  function edit(on: boolean) {
    form.setValues(saved());
    form.clearErrors();
    save.reset();
    setEditing(on);
  }
  const submit = form.onSubmit((values) =>
    save.mutate(toBody(values), {
      onSuccess: () => {
        setEditing(false);
        onSaved?.();
      },
      onError: showUnderField(form),
    }),
  );
  return { form, editing, edit, submit, formError: messageAboveForm(save.error, form) };
}
