import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ClearIcon from '@mui/icons-material/Clear';
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
import { moveActive } from '../lib/listbox-navigation';
import { outlinedControlSx, outlinedFieldSx, outlinedLabelSx } from './outlined-field';

/** fuse.js and the index builder: fetched when the search box is first focused, or prefetched when the page is idle. */
const loadSearchIndex = () => import('../lib/location-search-index');
type CreateSearchIndex = Awaited<ReturnType<typeof loadSearchIndex>>['createSearchIndex'];

interface LocationSearchProps {
  sources: SearchSourceId[];
  data: Partial<Record<SearchSourceId, FeatureCollectionDto>>;
  onSelect: (result: SearchResult) => void;
}

/**
 * Source selector plus a search box labelled by the chosen source (in the map's top bar). Both are
 * native controls: the source a `select`, the box an input with a list of results (the ARIA
 * combobox pattern: arrow keys move through the results, Enter picks one, Escape closes the list).
 */
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
  const ids = useId();
  const sourceId = `${ids}-source`;
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-option-${i}`;
  const [open, setOpen] = useState(false);
  // The result the arrow keys are on (-1: none, as the list opens); new results start with none.
  const [activeIn, setActiveIn] = useState<{ results: SearchResult[]; index: number }>({ results, index: -1 });
  const active = activeIn.results === results ? activeIn.index : -1;
  const setActive = (index: number) => setActiveIn({ results, index });
  const loading = !sourceData || indexLoading;
  // The result the arrow keys reach stays in view in a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable ids
  }, [active]);

  const choose = (result: SearchResult) => {
    setInput(result.name);
    setOpen(false);
    onSelect(result);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive(moveActive(active, results.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const message =
    loading && results.length === 0 ? 'Loading locations…' : query.trim() ? 'No matches' : 'Type a name, an id or coordinates';

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flex: { xs: '1 1 100%', md: '1 1 360px' },
        maxWidth: { md: 520 },
        minWidth: 0,
      }}
    >
      <Box sx={{ ...outlinedFieldSx, width: 170, flexShrink: 0 }} data-disabled={sources.length < 2 ? '' : undefined}>
        <Box component="label" htmlFor={sourceId} sx={outlinedLabelSx}>
          Search source
        </Box>
        <Box
          component="select"
          id={sourceId}
          value={source}
          disabled={sources.length < 2}
          onChange={(e: React.ChangeEvent<HTMLSelectElement>) => setChosen(e.target.value as SearchSourceId)}
          sx={{ ...outlinedControlSx, appearance: 'none', pr: 8, cursor: 'pointer' }}
        >
          {sources.map((id) => (
            <option key={id} value={id}>
              {SEARCH_SOURCE_LABELS[id]}
            </option>
          ))}
        </Box>
        <ArrowDropDownIcon
          aria-hidden
          sx={{ position: 'absolute', right: 7, pointerEvents: 'none', color: sources.length < 2 ? 'action.disabled' : 'action.active' }}
        />
      </Box>
      <Box
        sx={{
          ...outlinedFieldSx,
          flex: 1,
          // The clear button shows while the box has the focus or the pointer is over it.
          '& [data-clear]': { visibility: 'hidden' },
          '&:focus-within [data-clear]': { visibility: 'visible' },
          '@media (pointer: fine)': { '&:hover [data-clear]': { visibility: 'visible' } },
        }}
      >
        <Box component="label" htmlFor={inputId} sx={outlinedLabelSx}>
          {label}
        </Box>
        <Box
          component="input"
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Name, id or Lat: 40.27 Lng: -104.78"
          value={input}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
            setInput(e.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onFocus={createSearchIndex ? undefined : loadIndex}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
          sx={{ ...outlinedControlSx, pr: 0 }}
        />
        {/* As in a text field with a list: clear, then open or close the list; both stay out of the tab order. */}
        {input ? (
          <IconButton
            size="small"
            tabIndex={-1}
            aria-label="Clear"
            title="Clear"
            data-clear
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setInput('');
              setOpen(false);
            }}
            sx={{ p: 0.5 }}
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        ) : null}
        <IconButton
          size="small"
          tabIndex={-1}
          aria-label={open ? 'Close' : 'Open'}
          title={open ? 'Close' : 'Open'}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            document.getElementById(inputId)?.focus();
            setOpen((value) => !value);
          }}
          sx={{ p: 0.5, mr: 1, transform: open ? 'rotate(180deg)' : 'none' }}
        >
          <ArrowDropDownIcon />
        </IconButton>
        {open ? (
          <Paper
            elevation={8}
            sx={{ position: 'absolute', top: 'calc(100% + 4px)', left: 0, right: 0, zIndex: 'modal', overflow: 'hidden' }}
          >
            {results.length > 0 ? (
              <Box
                component="ul"
                id={listId}
                role="listbox"
                aria-label={label}
                sx={{ listStyle: 'none', m: 0, py: 1, px: 0, maxHeight: '40vh', overflowY: 'auto' }}
              >
                {results.map((option, i) => (
                  <Box
                    component="li"
                    key={option.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // The input keeps the focus: the list is read through aria-activedescendant.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose(option)}
                    sx={{
                      display: 'flex',
                      gap: 2,
                      alignItems: 'center',
                      minWidth: 0,
                      minHeight: 48,
                      px: 4,
                      py: 1.5,
                      cursor: 'pointer',
                      bgcolor: i === active ? 'action.hover' : undefined,
                    }}
                  >
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
                ))}
              </Box>
            ) : (
              <Typography id={listId} role="status" sx={{ px: 4, py: 3.5, color: 'text.secondary' }}>
                {message}
              </Typography>
            )}
          </Paper>
        ) : null}
      </Box>
    </Box>
  );
}
