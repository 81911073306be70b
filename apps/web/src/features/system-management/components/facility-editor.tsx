import { useMemo } from 'react';
import { Alert, Grid } from '@mui/material';
import { facilityInputSchema, type FacilityInputBody, type SetupFacility } from '@portal/contracts';
import { EditorPanel } from '../../../components/editor/editor-panel';
import { useEntityEditor } from '../../../components/editor/use-entity-editor';
import { formFieldsFor, type Option } from '../../../components/form/form-fields';
import { useCreateFacility, useUpdateFacility } from '../api/facilities';
import {
  facilityFormSchema,
  facilityFormToInput,
  facilityFormValuesFrom,
  newFacilityFormValues,
  type FacilityFormValues,
} from '../lib/facility-form';
import { setupSave } from '../lib/setup-save';
import { FacilityParametersField } from './facility-parameters-field';

const { TextInputField, SelectField, WholeNumberField } = formFieldsFor<FacilityFormValues>();

interface Props {
  record: SetupFacility | null;
  facilityTypes: Option[];
  parameters: readonly { parameter_ndx: number; parameter_name: string }[];
  onCreated: (facilityNdx: number) => void;
  onClose: () => void;
  onDelete: (record: SetupFacility) => void;
}

function note(record: SetupFacility) {
  const locations = `${record.location_count} associated location${record.location_count === 1 ? '' : 's'}`;
  const users = record.authorized_users.length ? `authorised users: ${record.authorized_users.join(', ')}` : 'no authorised users';
  return (
    <Alert severity={record.location_count && record.array_parameter_ndx.length ? 'info' : 'warning'} sx={{ mb: 2 }}>
      {locations}; {users}.
      {record.location_count === 0 ? ' Choose its locations on Facilities to Locations: until then its pages show no data.' : null}
      {record.location_count > 0 && record.array_parameter_ndx.length === 0
        ? ' Choose the parameters it shows below: until then its pages show no data.'
        : null}
    </Alert>
  );
}

/** The Facilities Setup editor: name, type, order, second axis, and the parameters its pages and widgets show. */
export function FacilityEditor({ record, facilityTypes, parameters, onCreated, onClose, onDelete }: Props) {
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const loaded = useMemo(() => (record ? facilityFormValuesFrom(record) : newFacilityFormValues()), [record]);
  const widgetOrder = record?.widget_order;
  const toBody = useMemo(() => (v: FacilityFormValues) => facilityFormToInput(v, widgetOrder ?? []), [widgetOrder]);
  const editor = useEntityEditor({
    loaded,
    formSchema: facilityFormSchema,
    toBody,
    bodySchema: facilityInputSchema,
    ...setupSave({
      record,
      create: async (body: FacilityInputBody) => (await create.mutateAsync(body)).facility_ndx,
      update: (r, body) => update.mutateAsync({ facilityNdx: r.facility_ndx, body }),
      valuesFrom: facilityFormValuesFrom,
      onCreated,
    }),
  });

  return (
    <EditorPanel<FacilityFormValues>
      label="Facility editor"
      heading={record ? `Editing "${record.facility_name}"` : 'New Facility'}
      note={record ? note(record) : null}
      formId="facility-editor-form"
      editor={editor}
      onClose={onClose}
      onDelete={record ? () => onDelete(record) : undefined}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInputField name="facility_name" label="Facility Name *" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInputField name="facility" label="Short Name" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectField name="facility_type_ndx" label="Facility Type" options={facilityTypes} required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WholeNumberField name="display_order" label="Display Order *" />
        </Grid>
        <Grid size={12}>
          <FacilityParametersField parameters={parameters} measured={record?.measured_parameter_ndx ?? []} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInputField name="axis2_min" label="Second Axis Minimum" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInputField name="axis2_max" label="Second Axis Maximum" />
        </Grid>
        <Grid size={12}>
          <TextInputField name="notes" label="Notes" multiline />
        </Grid>
      </Grid>
    </EditorPanel>
  );
}
