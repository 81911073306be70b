import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnackbar } from '../../lib/toasts';
import { useForm, useWatch, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { apiMessages, sortMessages, zodMessages, type FieldMessage } from './field-errors';
import { sameValues } from './same-values';

/**
 * When Save may be pressed:
 * - 'dirty-and-valid': only once the values differ from the loaded record and pass every check
 *   (the setup editors; the button says why nothing happens by staying off);
 * - 'on-change': a new record at any time, an existing one once changed; pressing it shows
 *   the messages of the fields that are wrong (dialogs with many fields).
 */
export type SaveRule = 'dirty-and-valid' | 'on-change';

export interface EntityEditorOptions<V extends FieldValues, B, S> {
  /** The form values of the loaded record, or of a new one. A change of content loads them anew. */
  loaded: V;
  /** True for a new record (Create/Creating on the button, unless `saveLabel` says otherwise). */
  isNew: boolean;
  /** Checks the values as typed (number fields hold text), with the messages shown at the fields. */
  formSchema: z.ZodType;
  /** The request body made from checked values. */
  toBody: (values: V) => B;
  /** The contracts schema the server checks the body with: checked here first, its messages at the fields. */
  bodySchema: z.ZodType;
  /** Sends the body; answers the saved record. */
  save: (body: B) => Promise<S>;
  /** The saved record's form values, the new "loaded" state (undefined, or left out: the values as sent). */
  valuesFromSaved?: (saved: S) => V | undefined;
  /** Runs after a successful save, after the success message. */
  onSaved?: (saved: S) => void;
  savedMessage: string;
  /** Shown when a save fails without a message of its own. */
  failedMessage: string;
  saveRule?: SaveRule;
  /** 'Create' (default) or 'Save' on the button of a new record. */
  newRecordLabel?: 'Create' | 'Save';
  /** When field messages appear: while typing (default) or once a field was left. */
  mode?: 'onChange' | 'onTouched';
}

/** Every message of the form's checks for these values: the typed values first, then the body the server would get. */
function check<V extends FieldValues, B>(values: V, formSchema: z.ZodType, toBody: (v: V) => B, bodySchema: z.ZodType): FieldMessage[] {
  const typed = formSchema.safeParse(values);
  if (!typed.success) return zodMessages(typed.error);
  const body = bodySchema.safeParse(toBody(values));
  return body.success ? [] : zodMessages(body.error);
}

function fieldErrors<V extends FieldValues>(messages: readonly FieldMessage[], fields: ReadonlySet<string>): FieldErrors<V> {
  const { onFields, general } = sortMessages(messages, fields);
  const errors: Record<string, { type: string; message: string }> = {};
  for (const m of onFields) errors[m.field] ??= { type: 'check', message: m.message };
  if (general.length) errors.root = { type: 'check', message: general.join('; ') };
  return errors as FieldErrors<V>;
}

/**
 * One editor of one record: loads the values, checks them with the form's schema and the
 * contracts schema of the request, saves, shows the server's refusals at their fields, and
 * tracks whether anything changed by comparing the values with the loaded ones (never by
 * counting edits, so one keystroke, a paste or a picked option each make the form dirty at once).
 */
export function useEntityEditor<V extends FieldValues, B, S>(options: EntityEditorOptions<V, B, S>) {
  const { loaded, isNew, formSchema, toBody, bodySchema, save, valuesFromSaved, onSaved, savedMessage, failedMessage } = options;
  const saveRule = options.saveRule ?? 'dirty-and-valid';
  const { enqueueSnackbar } = useSnackbar();
  const fields = useMemo(() => new Set(Object.keys(loaded)), [loaded]);
  // The resolver runs in event handlers: it reads the newest schemas through a ref set after each render.
  const latest = useRef({ formSchema, toBody, bodySchema, fields });
  useLayoutEffect(() => {
    latest.current = { formSchema, toBody, bodySchema, fields };
  });

  const resolver = useCallback<Resolver<V>>(async (values) => {
    const { formSchema: f, toBody: t, bodySchema: b, fields: known } = latest.current;
    const messages = check(values, f, t, b);
    return messages.length ? { values: {}, errors: fieldErrors<V>(messages, known) } : { values, errors: {} };
  }, []);

  const form = useForm<V>({ resolver, defaultValues: loaded as DefaultValues<V>, mode: options.mode ?? 'onChange' });
  const [baseline, setBaseline] = useState<V>(loaded);

  // Another record, or the same one as saved, replaces the values; a refresh with the same content does not.
  const lastLoaded = useRef(loaded);
  useEffect(() => {
    if (sameValues(lastLoaded.current, loaded)) return;
    lastLoaded.current = loaded;
    setBaseline(loaded);
    form.reset(loaded);
  }, [loaded, form]);

  const values = useWatch({ control: form.control }) as V;
  const isDirty = !sameValues(values, baseline);
  const isValid = useMemo(() => check(values, formSchema, toBody, bodySchema).length === 0, [values, formSchema, toBody, bodySchema]);
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (checked) => {
    try {
      const saved = await save(toBody(checked));
      const next = valuesFromSaved?.(saved) ?? checked;
      setBaseline(next);
      form.reset(next);
      enqueueSnackbar(savedMessage, { variant: 'success' });
      onSaved?.(saved);
    } catch (error) {
      const { onFields, general } = sortMessages(apiMessages(error, failedMessage), fields);
      for (const m of onFields) form.setError(m.field as Path<V>, { type: 'server', message: m.message }, { shouldFocus: true });
      const text = [...general, ...onFields.map((m) => m.message)].join('; ') || failedMessage;
      enqueueSnackbar(text, { variant: 'error' });
    }
  });

  const reset = useCallback(() => form.reset(baseline), [form, baseline]);
  const canSave = !submitting && (saveRule === 'dirty-and-valid' ? isDirty && isValid : isNew || isDirty);
  const first = isNew && options.newRecordLabel !== 'Save' ? 'Create' : 'Save';
  const saveLabel = submitting ? `${first === 'Create' ? 'Creating' : 'Saving'}` : first;

  return { form, submit, reset, values, isDirty, isValid, canSave, canReset: isDirty && !submitting, submitting, saveLabel };
}

export type EntityEditor<V extends FieldValues> = ReturnType<typeof useEntityEditor<V, unknown, unknown>>;
