import { useMemo, useState } from 'react';
import type { MRT_ColumnDef } from 'material-react-table';
import type { SetupLocation } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteLocation, useLocation, useLocationsMap, useLocationsTopTable } from '../api/locations';
import { useLocationTypes, useWaterbodies } from '../api/lookups';
import { LocationEditor } from './location-editor';
import { SetupPage, type SetupSelection } from './setup-page';

const columns: MRT_ColumnDef<SetupLocation>[] = [
  { accessorKey: 'location_id', header: 'Location ID', size: 120 },
  { accessorKey: 'location_display_label', header: 'Display Abbreviation', size: 130 },
  { accessorKey: 'location_name', header: 'Full Name', size: 220 },
  { accessorKey: 'location_type_desc', header: 'Location Type', size: 140 },
  { accessorKey: 'waterbody_name', header: 'Waterbody', size: 150 },
  { accessorKey: 'display_order', header: 'Display Order', size: 90 },
  { id: 'hidden', accessorFn: (l) => (l.exclude_from_map ? 'Yes' : 'No'), header: 'Hide from Map', size: 90 },
];

/** /data-access/system-management/locations-setup (administrators). */
export function LocationsSetupPage() {
  useDocumentTitle('Locations Setup');
  const table = useLocationsTopTable();
  const mapPoints = useLocationsMap();
  const types = useLocationTypes();
  const waterbodies = useWaterbodies();
  const [selected, setSelected] = useState<SetupSelection>(null);
  const record = useLocation(selected);
  const remove = useDeleteLocation();

  const typeOptions = useMemo(
    () => (types.data ?? []).map((t) => ({ value: t.location_type_ndx, label: t.location_type_desc })),
    [types.data],
  );
  const waterbodyOptions = useMemo(
    () => (waterbodies.data ?? []).map((w) => ({ value: w.waterbody_ndx, label: w.waterbody_name })),
    [waterbodies.data],
  );

  return (
    <SetupPage
      title="Locations Setup"
      description="Pick a location to edit it, or add a new one; place it by clicking the map."
      addLabel="Add Location"
      label="Locations"
      rowTestId="location-row"
      columns={columns}
      rows={table}
      idOf={(l) => l.location_ndx}
      selected={selected}
      onSelect={setSelected}
      record={record}
      loadingLabel="Loading location"
      renderEditor={(editing) => (
        <LocationEditor
          key={editing.record ? 'edit' : 'new'}
          {...editing}
          locationTypes={typeOptions}
          waterbodies={waterbodyOptions}
          points={mapPoints.data ?? []}
        />
      )}
      remove={(row) => remove.mutateAsync(row.location_ndx)}
      deleteTitle={(row) => `Delete location "${row.location_name}"?`}
      deleteText="A location that still has observations, alerts, import configurations, facility associations or parameter settings is not deleted: the answer says what still refers to it."
    />
  );
}
