import { useEffect, useState } from 'react';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { LngLat, Map as MapLibreMap } from 'maplibre-gl';
import { useCopyToClipboard } from '../../../lib/clipboard';

const NA = 'N/A';
const coords = (p: LngLat | null | undefined) => (p ? `${p.lng.toFixed(5)}, ${p.lat.toFixed(5)}` : NA);

interface ViewState {
  zoom: string;
  center: string;
  mouse: string;
  sw: string;
  ne: string;
}

function readView(map: MapLibreMap, mouse: LngLat | null): ViewState {
  const bounds = map.getBounds();
  return {
    zoom: map.getZoom().toFixed(2),
    center: coords(map.getCenter()),
    mouse: coords(mouse),
    sw: coords(bounds?.getSouthWest()),
    ne: coords(bounds?.getNorthEast()),
  };
}

/** 'Map Dev Tools' (Developers only): zoom, centre, pointer and bounds, each copyable. */
export function MapDevTools({ map }: { map: MapLibreMap }) {
  const copy = useCopyToClipboard();
  const [open, setOpen] = useState(true);
  const [view, setView] = useState<ViewState>(() => readView(map, null));

  useEffect(() => {
    let mouse: LngLat | null = null;
    let frame = 0;
    // Mouse moves arrive faster than frames; update at most once a frame.
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setView(readView(map, mouse));
      });
    };
    const onMove = (e: { lngLat: LngLat }) => {
      mouse = e.lngLat;
      schedule();
    };
    const onOut = () => {
      mouse = null;
      schedule();
    };
    map.on('move', schedule);
    map.on('mousemove', onMove);
    map.on('mouseout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      map.off('move', schedule);
      map.off('mousemove', onMove);
      map.off('mouseout', onOut);
    };
  }, [map]);

  const rows: Array<[string, string]> = [
    ['Zoom', view.zoom],
    ['Center', view.center],
    ['Mouse Position', view.mouse],
    ['SW Bounds', view.sw],
    ['NE Bounds', view.ne],
  ];

  return (
    <Paper
      elevation={6}
      aria-label="Map Dev Tools"
      role="region"
      sx={{ position: 'absolute', left: 12, bottom: 36, zIndex: 2, width: 290, fontSize: 12, opacity: 0.95 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5, borderBottom: open ? '1px solid' : 'none', borderColor: 'divider' }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          Map Dev Tools
        </Typography>
        <IconButton size="small" aria-label={open ? 'Collapse Map Dev Tools' : 'Expand Map Dev Tools'} onClick={() => setOpen((o) => !o)}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
        </IconButton>
      </Box>
      {open ? (
        <Box
          component="dl"
          sx={{ m: 0, px: 2, py: 1, display: 'grid', gridTemplateColumns: 'auto 1fr auto', alignItems: 'center', columnGap: 2 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              {/* A list of terms holds only terms and definitions, so the copy button sits in the definition (laid out as its own column). */}
              <Box component="dd" sx={{ m: 0, display: 'contents' }}>
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ fontFamily: 'monospace' }}
                  data-testid={`dev-tools-${label.toLowerCase().replace(/\s+/g, '-')}`}
                >
                  {value}
                </Typography>
                <Tooltip title={`Copy ${label}`}>
                  <span>
                    <IconButton size="small" aria-label={`Copy ${label}`} disabled={value === NA} onClick={() => void copy(value)}>
                      <ContentCopyIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
