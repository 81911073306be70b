import { useEffect, useMemo, useRef } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { FormCell, FormGrid } from '../../../components/form/form-grid';
import { Controller, useWatch } from 'react-hook-form';
import { ALERT_MESSAGES, alertRequestInputSchema, type AlertRequest } from '@portal/contracts';
import { EditorDialog } from '../../../components/editor/editor-dialog';
import { useEntityEditor } from '../../../components/editor/use-entity-editor';
import { formFieldsFor } from '../../../components/form/form-fields';
import { useAlertLocations, useAlertParameters, useAlertTypes, useSendToOptions } from '../api/alert-form-lists';
import { useSaveAlert } from '../api/alerts-management-table';
import {
  alertFormSchema,
  alertFormToInput,
  alertFormValuesFrom,
  newAlertFormValues,
  parameterAfterLocationChange,
  parametersAt,
  type AlertFormValues,
} from '../lib/alert-form';

const { SearchSelectField, DecimalField, TextInputField, YesNoField } = formFieldsFor<AlertFormValues>();

interface Props {
  /** null: a new alert. */
  alert: AlertRequest | null;
  onClose: () => void;
  /** Asks to delete the alert (left out for a new one). */
  onDelete?: (alert: AlertRequest) => void;
}

/** New Alert (alert null) or edit form. */
export function AlertEditor({ alert, onClose, onDelete }: Props) {
  const save = useSaveAlert();
  const types = useAlertTypes();
  const locations = useAlertLocations();
  const parameters = useAlertParameters();
  const sendTo = useSendToOptions();
  const loaded = useMemo(() => (alert ? alertFormValuesFrom(alert) : newAlertFormValues()), [alert]);
  const editor = useEntityEditor({
    loaded,
    isNew: alert === null,
    formSchema: alertFormSchema,
    toBody: alertFormToInput,
    bodySchema: alertRequestInputSchema,
    save: (body) => save.mutateAsync({ alertRequestNdx: alert?.alert_request_ndx ?? null, body }),
    onSaved: onClose,
    savedMessage: alert ? ALERT_MESSAGES.updated : ALERT_MESSAGES.created,
    failedMessage: ALERT_MESSAGES.failed,
    saveRule: 'on-change',
    newRecordLabel: 'Save',
    mode: 'onTouched',
  });
  const { form } = editor;
  const { control, setValue, getValues } = form;
  const locationNdx = useWatch({ control, name: 'location_ndx' });

  // Changing the location clears a parameter the new location does not measure.
  const previousLocation = useRef(locationNdx);
  useEffect(() => {
    if (previousLocation.current === locationNdx || !parameters.data) return;
    previousLocation.current = locationNdx;
    const kept = parameterAfterLocationChange(parameters.data, locationNdx ?? null, getValues('parameter_ndx') ?? null);
    if (kept !== getValues('parameter_ndx')) setValue('parameter_ndx', kept, { shouldDirty: true });
  }, [locationNdx, parameters.data, getValues, setValue]);

  const locationOptions = useMemo(
    () => (locations.data ?? []).map((l) => ({ value: l.location_ndx, label: l.location })),
    [locations.data],
  );
  const parameterOptions = useMemo(
    () =>
      parametersAt(parameters.data ?? [], locationNdx ?? null).map((p) => ({
        value: p.parameter_ndx,
        label: p.units ? `${p.parameter} (${p.units})` : p.parameter,
      })),
    [parameters.data, locationNdx],
  );
  const sendToOptions = useMemo(
    () =>
      (sendTo.data ?? []).map((s) => ({
        value: s.merged_address_ndx,
        label: `${s.merged_address_ndx.startsWith('group-') ? 'Group' : 'Contact'}: ${s.send_to}`,
      })),
    [sendTo.data],
  );

  return (
    <EditorDialog<AlertFormValues>
      title={alert ? `Editing Alert "${alert.alert_request_ndx}"` : 'New Alert'}
      formId="alert-editor-form"
      editor={editor}
      onClose={onClose}
      onDelete={alert && onDelete ? () => onDelete(alert) : undefined}
    >
      <FormGrid>
        <FormCell span="third">
          <YesNoField name="enabled" label="Enabled" />
        </FormCell>
        <FormCell span="two-thirds">
          <Controller
            name="alert_type_ndx"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                fullWidth
                size="small"
                label="Alert Type"
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={field.value === null ? '' : String(field.value)}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  (types.data?.find((t) => t.alert_type_ndx === field.value)?.comparison === 'stale'
                    ? 'Trigger value is in hours without new data'
                    : undefined)
                }
              >
                {(types.data ?? []).map((t) => (
                  <MenuItem key={t.alert_type_ndx} value={String(t.alert_type_ndx)}>
                    {t.alert_type}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </FormCell>
        <FormCell>
          <SearchSelectField name="location_ndx" label="Location" options={locationOptions} loading={locations.isPending} />
        </FormCell>
        <FormCell>
          <SearchSelectField
            name="parameter_ndx"
            label="Parameter"
            options={parameterOptions}
            loading={parameters.isPending}
            disabled={locationNdx === null}
            helperText={locationNdx === null ? ALERT_MESSAGES.selectLocationFirst : undefined}
          />
        </FormCell>
        <FormCell>
          <DecimalField name="trigger_value" label="Trigger Value" required />
        </FormCell>
        <FormCell>
          <DecimalField
            name="reset_hours"
            label="Reset Hours"
            required
            helperText="At most one message per this many hours (0: one per new reading)"
          />
        </FormCell>
        <FormCell span="full">
          <SearchSelectField name="merged_address_ndx" label="Send Alerts To" options={sendToOptions} loading={sendTo.isPending} />
        </FormCell>
        <FormCell>
          <TextInputField name="custom_subject" label="Custom Subject" />
        </FormCell>
        <FormCell>
          <TextInputField name="custom_loc_name" label="Custom Location Name" />
        </FormCell>
        <FormCell span="full">
          <TextInputField name="notes" label="Notes" multiline />
        </FormCell>
      </FormGrid>
    </EditorDialog>
  );
}
