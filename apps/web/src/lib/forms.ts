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
  /** Issue paths (dotted) whose message goes under another field than their last segment. */
  fields?: Readonly<Record<string, string>>;
}

const issuePath = (issue: Issue) =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

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
      const path = issuePath(issue);
      const field = fields[path] ?? path.split('.').at(-1) ?? path;
      errors[field] ??= issue.message;
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

/** Server refusals that are about one field (message → field), e.g. an e-mail already taken. */
export type ServerFieldMessages = Readonly<Record<string, string>>;

/** A refused save: its message goes under the field `fields` names for it (others show above the form). */
export function showUnderField<Values>(form: UseFormReturnType<Values>, fields: ServerFieldMessages) {
  return (error: Error) => {
    const field = fields[error.message];
    if (field) form.setFieldError(field as keyof Values & string, error.message);
  };
}

/** The message for the red box above a form: a refusal that is not about one field. */
export function formLevelMessage(error: Error | null, fields: ServerFieldMessages): string | null {
  return error && !(error.message in fields) ? error.message : null;
}

/**
 * The field of the form a refusal is about, named by the server in its `details` (a full day: the
 * minutes), when the form has that field.
 */
function refusedFieldOf<Values extends FormValues>(error: Error | null, form: UseFormReturnType<Values>) {
  const path = error instanceof ApiError ? error.details[0]?.path : undefined;
  return path !== undefined && path in form.getValues() ? path : undefined;
}

/**
 * A refused save whose refusal names one of the form's fields: the server's message goes under that
 * field (mutate's onError); any other refusal stays for the red box (messageAboveForm).
 */
export function showUnderRefusedField<Values extends FormValues>(form: UseFormReturnType<Values>) {
  return (error: Error) => {
    const field = refusedFieldOf(error, form);
    if (field) form.setFieldError(field, error.message);
  };
}

/** The red box's message for a save: a refusal not shown under a field (showUnderRefusedField). */
export function messageAboveForm<Values extends FormValues>(error: Error | null, form: UseFormReturnType<Values>) {
  return error && !refusedFieldOf(error, form) ? error.message : null;
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
  /** Refusals shown under a field rather than above the form. */
  serverFields: ServerFieldMessages;
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
  serverFields,
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
      onError: showUnderField(form, serverFields),
    }),
  );
  return { form, editing, edit, submit, formError: formLevelMessage(save.error, serverFields) };
}
