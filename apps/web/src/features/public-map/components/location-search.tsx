import { useCallback, useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, MenuItem, TextField, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { FeatureCollectionDto } from '@portal/contracts';
import { prefetchWhenIdle } from '../../../lib/prefetch';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_SOURCE_LABELS,
  searchLocations,
  toSearchItems,
  type SearchResult,
  type SearchSourceId,
} from '../lib/location-search';

/** fuse.js and the index builder: fetched when the search box is first focused, or prefetched when the page is idle. */
const loadSearchIndex = () => import('../lib/location-search-index');
type CreateSearchIndex = Awaited<ReturnType<typeof loadSearchIndex>>['createSearchIndex'];

interface LocationSearchProps {
  sources: SearchSourceId[];
  data: Partial<Record<SearchSourceId, FeatureCollectionDto>>;
  onSelect: (result: SearchResult) => void;
}

/** Source selector plus a search box labelled by the chosen source (in the map's top bar). */
export function LocationSearch({ sources, data, onSelect }: LocationSearchProps) {
  const [chosen, setChosen] = useState<SearchSourceId | null>(null);
  const source = chosen && sources.includes(chosen) ? chosen : sources[0];
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const sourceData = data[source];
  // The index (10,000 locations or more) is built when somebody first searches, not on page load;
  // its code is fetched when the box is first focused (a search before it arrives waits for it).
  const [createSearchIndex, setCreateSearchIndex] = useState<CreateSearchIndex | null>(null);
  const loadIndex = useCallback(() => {
    void loadSearchIndex()
      .then((module) => setCreateSearchIndex(() => module.createSearchIndex))
      .catch(() => undefined);
  }, []);
  useEffect(() => prefetchWhenIdle(loadSearchIndex), []);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (searching && !createSearchIndex) loadIndex();
  }, [searching, createSearchIndex, loadIndex]);
  const index = useMemo(
    () => (searching && createSearchIndex ? createSearchIndex(toSearchItems(sourceData)) : null),
    [sourceData, searching, createSearchIndex],
  );
  const indexLoading = searching && !createSearchIndex;
  const results = useMemo(() => (index ? searchLocations(index, query) : []), [index, query]);

  // Searching waits until typing pauses for 200 ms.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const label = SEARCH_SOURCE_LABELS[source];
  return (
    <Box
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flex: { xs: '1 1 100%', md: '1 1 360px' }, maxWidth: { md: 520 }, minWidth: 0 }}
    >
      <TextField
        select
        size="small"
        label="Search source"
        value={source}
        onChange={(e) => setChosen(e.target.value as SearchSourceId)}
        sx={{ width: 170, flexShrink: 0 }}
        disabled={sources.length < 2}
      >
        {sources.map((id) => (
          <MenuItem key={id} value={id}>
            {SEARCH_SOURCE_LABELS[id]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<SearchResult, false, false, false>
        sx={{ flex: 1, minWidth: 0 }}
        size="small"
        options={results}
        filterOptions={(options) => options}
        getOptionLabel={(o) => o.name}
        getOptionKey={(o) => o.key}
        isOptionEqualToValue={(a, b) => a.key === b.key}
        inputValue={input}
        onInputChange={(_, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        value={null}
        // Keeps the chosen result's name (or what was typed) in the box after it loses focus.
        clearOnBlur={false}
        onFocus={createSearchIndex ? undefined : loadIndex}
        onChange={(_, value) => {
          if (!value) return;
          setInput(value.name);
          onSelect(value);
        }}
        noOptionsText={query.trim() ? 'No matches' : 'Type a name, an id or coordinates'}
        loading={!sourceData || indexLoading}
        loadingText="Loading locations…"
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
              {option.kind === 'coordinate' ? (
                <MyLocationIcon fontSize="small" color="action" />
              ) : (
                <PlaceIcon fontSize="small" color="action" />
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{option.name}</Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {option.kind === 'coordinate' ? 'coordinate' : [option.locationId, option.type].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          // The label stays shrunk so it never sits on top of the placeholder.
          <TextField
            {...params}
            label={label}
            placeholder="Name, id or Lat: 40.27 Lng: -104.78"
            slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          />
        )}
      />
    </Box>
  );
}
