import { useMemo } from 'react';
import { Alert } from '@mui/material';
import { locationInputSchema, type LocationInputBody, type LocationMapPoint, type SetupLocation } from '@portal/contracts';
import { EditorPanel } from '../../../components/editor/editor-panel';
import { useEntityEditor } from '../../../components/editor/use-entity-editor';
import type { Option } from '../../../components/form/form-fields';
import { useCreateLocation, useUpdateLocation } from '../api/locations';
import {
  formPoint,
  locationFormSchema,
  locationFormToInput,
  locationFormValuesFrom,
  newLocationFormValues,
  type LocationFormValues,
} from '../lib/location-form';
import { setupSave } from '../lib/setup-save';
import { FillFromUsgs } from './fill-from-usgs';
import { LocationFields } from './location-fields';
import { LocationMap } from './location-map';

interface Props {
  /** The loaded record; null for a new one. */
  record: SetupLocation | null;
  locationTypes: Option[];
  waterbodies: Option[];
  points: readonly LocationMapPoint[];
  onCreated: (locationNdx: number) => void;
  onClose: () => void;
  onDelete: (record: SetupLocation) => void;
}

/** The Locations Setup editor with its map: a click on the map sets the coordinates. */
export function LocationEditor({ record, locationTypes, waterbodies, points, onCreated, onClose, onDelete }: Props) {
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const loaded = useMemo(() => (record ? locationFormValuesFrom(record) : newLocationFormValues()), [record]);
  const editor = useEntityEditor({
    loaded,
    formSchema: locationFormSchema,
    toBody: locationFormToInput,
    bodySchema: locationInputSchema,
    ...setupSave({
      record,
      create: async (body: LocationInputBody) => (await create.mutateAsync(body)).location_ndx,
      update: (r, body) => update.mutateAsync({ locationNdx: r.location_ndx, body }),
      valuesFrom: locationFormValuesFrom,
      onCreated,
    }),
  });
  const { latitude, longitude } = editor.values;
  const point = useMemo(() => formPoint(latitude ?? '', longitude ?? ''), [latitude, longitude]);
  const moveTo = (lat: string, lon: string) => {
    editor.form.setValue('latitude', lat, { shouldValidate: true, shouldTouch: true });
    editor.form.setValue('longitude', lon, { shouldValidate: true, shouldTouch: true });
  };

  return (
    <EditorPanel<LocationFormValues>
      label="Location editor"
      heading={record ? `Editing "${record.location_name}"` : 'New Location'}
      note={
        record?.associated_facilities.length ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Associated facilities: {record.associated_facilities.join(', ')}
          </Alert>
        ) : null
      }
      formId="location-editor-form"
      editor={editor}
      onClose={onClose}
      onDelete={record ? () => onDelete(record) : undefined}
      aside={
        <LocationMap
          point={point}
          recordKey={record ? String(record.location_ndx) : 'new'}
          points={points}
          editingNdx={record?.location_ndx ?? null}
          onMove={moveTo}
        />
      }
    >
      <FillFromUsgs />
      <LocationFields locationTypes={locationTypes} waterbodies={waterbodies} />
    </EditorPanel>
  );
}
