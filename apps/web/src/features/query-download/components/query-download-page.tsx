import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useSnackbar } from '../../../lib/toasts';
import { useSearchParams } from 'react-router';
import { QUERY_DOWNLOAD_INTERVAL_LABELS, queryDownloadFileName, type QueryDownloadInterval } from '@portal/contracts';
import { checkDateRange, type PickedRange } from '../../../components/date-range/date-range-check';
import { useSession } from '../../../lib/session';
import { districtTimeZone, districtToday } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadFacilityData } from '../api/download-facility-data';
import { useFacilitiesWithTypes } from '../api/get-facilities-with-types';
import { useFacilityTypes } from '../api/get-facility-types';
import { useParameterGroups } from '../api/get-parameter-groups';
import { canDownload, defaultFacilityTypes, facilitiesOfTypes, initialForm, keepFacilitiesOfTypes } from '../lib/query-download-form';
import { downloadBlob } from '../../../lib/download';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { CheckboxList } from './checkbox-list';
import { TimePeriodSection } from './time-period-section';
import { PageHeader } from '../../../components/ui/page-header';

/** /data-access/query-and-download/facilities — CSV of the chosen facilities' data. */
export function QueryDownloadPage() {
  useDocumentTitle('Query & Download - Facility Data');
  const { user } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [search] = useSearchParams();
  // The link's inputs are read once: later edits belong to the user.
  const [initial] = useState(() => initialForm(search));
  const [range, setRange] = useState<PickedRange>({ start: initial.startDate, end: initial.endDate });
  const [interval, setStep] = useState<QueryDownloadInterval>(initial.interval);
  // null = untouched: types default to the link's (or its facilities' types, or type 1); groups to all.
  const [chosenTypes, setChosenTypes] = useState<number[] | null>(initial.facilityTypes);
  const [chosenGroups, setChosenGroups] = useState<number[] | null>(null);
  const [chosenFacilities, setChosenFacilities] = useState<number[]>(initial.facilities);
  const [failure, setFailure] = useState<string | null>(null);

  const types = useFacilityTypes();
  const facilities = useFacilitiesWithTypes(user?.profile.sub);
  const groups = useParameterGroups();
  useLoadErrorToast([types.error, facilities.error, groups.error]);
  const download = useDownloadFacilityData();

  const facilityList = useMemo(() => facilities.data ?? [], [facilities.data]);
  const typeIds = chosenTypes ?? defaultFacilityTypes(initial.facilities, facilityList);
  const groupIds = chosenGroups ?? (groups.data ?? []).map((g) => g.parameter_group_ndx);
  const facilityIds = keepFacilitiesOfTypes(chosenFacilities, facilityList, typeIds);
  const shownFacilities = facilitiesOfTypes(facilityList, typeIds);

  const dates = checkDateRange(range, interval, QUERY_DOWNLOAD_INTERVAL_LABELS[interval]);
  const loading = types.isPending || facilities.isPending || groups.isPending || download.isPending;
  const enabled = canDownload({ facilities: facilityIds.length, groups: groupIds.length, dates, loading });

  const changeTypes = (ids: number[]) => {
    setChosenTypes(ids);
    // Facilities outside the chosen types are dropped, not just hidden.
    setChosenFacilities(keepFacilitiesOfTypes(facilityIds, facilityList, ids));
  };

  const onDownload = () => {
    const { start, end } = range;
    if (!enabled || !start || !end) return;
    setFailure(null);
    download.mutate(
      { interval, body: { facilities: facilityIds, parameterGroups: groupIds, startDate: start, endDate: end } },
      {
        onSuccess: (blob) => {
          downloadBlob(blob, queryDownloadFileName(interval, districtToday()));
          enqueueSnackbar('CSV file successfully added to download folder.', { variant: 'success' });
        },
        onError: (error) => {
          setFailure(error.message);
          enqueueSnackbar('Failed to download CSV file.', { variant: 'error' });
        },
      },
    );
  };

  const errorText = (error: Error | null) => (error ? `An error has occurred: ${error.message}` : null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1280 }}>
      <Box>
        <PageHeader
          title="Query & Download - Facility Data"
          description={`Choose a time period, the facilities and the measurements, then download their data as a CSV file. Dates are days in ${districtTimeZone()} time, both included.`}
          spacing={0}
        />
      </Box>
      <TimePeriodSection range={range} onRangeChange={setRange} interval={interval} onIntervalChange={setStep} check={dates} />
      <Paper variant="outlined" component="section" aria-labelledby="qd-selection" sx={{ p: 2 }}>
        <Typography id="qd-selection" variant="h6" component="h2" sx={{ mb: 2 }}>
          Selection Criteria
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1.4fr' } }}>
          <CheckboxList
            title="Facility Types"
            items={(types.data ?? []).map((t) => ({ id: t.facility_type_ndx, label: t.facility_type_desc }))}
            selected={typeIds}
            onChange={changeTypes}
            loading={types.isPending}
            error={errorText(types.error)}
            emptyText="No facility types."
          />
          <CheckboxList
            title="Measurements"
            items={(groups.data ?? []).map((g) => ({ id: g.parameter_group_ndx, label: g.parameter_group_name }))}
            selected={groupIds}
            onChange={setChosenGroups}
            loading={groups.isPending}
            error={errorText(groups.error)}
            emptyText="No measurements."
          />
          <CheckboxList
            title="Facilities"
            items={shownFacilities.map((f) => ({ id: f.facility_ndx, label: f.facility_name, detail: f.facility_type_desc }))}
            selected={facilityIds}
            onChange={setChosenFacilities}
            loading={facilities.isPending}
            error={errorText(facilities.error)}
            emptyText={typeIds.length === 0 ? 'Choose a facility type to list its facilities.' : 'No facilities of the chosen types.'}
          />
        </Box>
      </Paper>
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          onClick={onDownload}
          disabled={!enabled}
          startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
        >
          {download.isPending ? 'Preparing...' : 'Download'}
        </Button>
        {!enabled && !loading ? (
          <Typography variant="body2" color="text.secondary">
            Choose at least one facility and one measurement, and a valid start and end date.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
