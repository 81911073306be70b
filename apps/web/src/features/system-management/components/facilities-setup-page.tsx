import { useMemo, useState } from 'react';
import type { MRT_ColumnDef } from 'material-react-table';
import type { SetupFacility } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteFacility, useSetupFacilities, useSetupFacility } from '../api/facilities';
import { useFacilityTypes, useParameters } from '../api/lookups';
import { FacilityEditor } from './facility-editor';
import { SetupPage, type SetupSelection } from './setup-page';

const columns: MRT_ColumnDef<SetupFacility>[] = [
  { accessorKey: 'facility_name', header: 'Facility Name', size: 220 },
  { accessorKey: 'facility_type_desc', header: 'Facility Type', size: 160 },
  { accessorKey: 'display_order', header: 'Display Order', size: 100 },
  { accessorKey: 'location_count', header: 'Locations', size: 90 },
  { id: 'parameters', accessorFn: (f) => f.array_parameter_ndx.length, header: 'Parameters', size: 90 },
  { id: 'users', accessorFn: (f) => f.authorized_users.length, header: 'Authorised Users', size: 110 },
];

/** /data-access/system-management/facilities-setup (administrators). */
export function FacilitiesSetupPage() {
  useDocumentTitle('Facilities Setup');
  const list = useSetupFacilities();
  const types = useFacilityTypes();
  const parameters = useParameters();
  const [selected, setSelected] = useState<SetupSelection>(null);
  const record = useSetupFacility(selected);
  const remove = useDeleteFacility();
  const typeOptions = useMemo(
    () => (types.data ?? []).map((t) => ({ value: t.facility_type_ndx, label: t.facility_type_desc })),
    [types.data],
  );

  return (
    <SetupPage
      title="Facilities Setup"
      description="Pick a facility to edit it, or add a new one. Its locations are chosen on Facilities to Locations; the parameters it shows there are chosen here."
      addLabel="Add Facility"
      label="Facilities"
      rowTestId="facility-row"
      columns={columns}
      rows={list}
      idOf={(f) => f.facility_ndx}
      selected={selected}
      onSelect={setSelected}
      record={record}
      loadingLabel="Loading facility"
      renderEditor={(editing) => (
        <FacilityEditor key={editing.record ? 'edit' : 'new'} {...editing} facilityTypes={typeOptions} parameters={parameters.data ?? []} />
      )}
      remove={(row) => remove.mutateAsync(row.facility_ndx)}
      deleteTitle={(row) => `Delete facility "${row.facility_name}"?`}
      deleteText="A facility that still has associated locations or authorised users is not deleted: the answer says what still refers to it."
    />
  );
}
