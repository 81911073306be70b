import type { ReactNode } from 'react';
import { Box, Button, IconButton, Link, Table, TableBody, TableCell, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopyData } from '../lib/clipboard';
import { facilityPagePath, UNITED_LOCATIONS_SOURCE_ID } from '@portal/contracts';
import { useOpenableFacilities } from '../api/facilities/use-openable-facilities';
import { labelColumnWidth, popupAsText, popupRows } from './popup-content';
import { clampPage, popupTitle, type PopupFeature, type PopupLayerSettings } from './popup-feature';
import { PopupPercentile } from './popup-percentile';
import { PopupValueView } from './popup-value';
import { POPUP_HEIGHT } from './popup-size';

interface FeaturePopupProps {
  features: PopupFeature[];
  page: number;
  onPageChange: (page: number) => void;
  layers: Record<string, PopupLayerSettings>;
  /** Extra actions under the table (the map-tools issue adds graph links here). */
  renderActions?: (feature: PopupFeature) => ReactNode;
  /** The map's 'Detailed Results' toggle: every property of the feature, none excluded. */
  detailed?: boolean;
}

function FacilityLink({ feature }: { feature: PopupFeature }) {
  const openable = useOpenableFacilities();
  const ndx = feature.properties.facility_ndx;
  if (feature.source !== UNITED_LOCATIONS_SOURCE_ID || (typeof ndx !== 'number' && typeof ndx !== 'string') || ndx === '') return null;
  // Only facilities the caller may open (decision 0012): a link that answers 404 helps nobody.
  if (!openable.has(Number(ndx))) return null;
  return (
    <Link
      href={facilityPagePath(ndx)}
      target="_blank"
      rel="noopener"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}
    >
      Open facility page <OpenInNewIcon sx={{ fontSize: 14 }} />
    </Link>
  );
}

/** One feature at a time, with pagination over the overlapping features under the click. */
export function FeaturePopup({ features, page, onPageChange, layers, renderActions, detailed = false }: FeaturePopupProps) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const copyData = useCopyData();
  const index = clampPage(page, features.length);
  const feature = features[index];
  if (!feature) return null;
  const layer = layers[feature.layerId];
  const rows = popupRows(feature, layer, detailed);
  const title = popupTitle(feature, layer);
  const labelWidth = labelColumnWidth(feature.layerId);

  return (
    <Box data-testid="feature-popup" sx={{ fontSize: 12, color: 'text.primary', pr: 3 }}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {layer?.name ?? feature.layerId}
      </Typography>
      {/* A scrolling box is a focusable, named region, so keyboard users can scroll it too. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={`${title}: details`}
        sx={{ maxHeight: small ? POPUP_HEIGHT.small : POPUP_HEIGHT.default, overflowY: 'auto' }}
      >
        <Table
          size="small"
          aria-label="Feature details"
          sx={{
            tableLayout: 'fixed',
            '& td': { fontSize: 12, px: 1, py: 0.5, verticalAlign: 'top' },
            // On a phone the popup is too narrow for two columns: each field name sits over its value.
            ...(small ? { '& tr, & th, & td': { display: 'block', width: 'auto' }, '& th': { borderBottom: 'none', pb: 0 } } : {}),
          }}
        >
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{
                    width: small ? 'auto' : labelWidth,
                    fontWeight: 600,
                    fontSize: 12,
                    px: 1,
                    py: 0.5,
                    // Labels are words: they wrap between words, and a word longer than the column is hyphenated.
                    overflowWrap: 'break-word',
                    hyphens: 'auto',
                    verticalAlign: 'top',
                  }}
                >
                  {row.label}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <PopupValueView value={row.value} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <PopupPercentile feature={feature} />
      <Button
        size="small"
        startIcon={<ContentCopyIcon sx={{ fontSize: 14 }} />}
        onClick={() => void copyData(popupAsText(title, rows))}
        sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}
      >
        Copy data
      </Button>
      <FacilityLink feature={feature} />
      {renderActions?.(feature)}
      {features.length > 1 ? (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 1 }}
          role="navigation"
          aria-label="Overlapping features"
        >
          <IconButton size="small" aria-label="Previous feature" disabled={index === 0} onClick={() => onPageChange(index - 1)}>
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <Typography variant="caption" aria-live="polite" data-testid="popup-page">
            {`${index + 1} of ${features.length}`}
          </Typography>
          <IconButton
            size="small"
            aria-label="Next feature"
            disabled={index >= features.length - 1}
            onClick={() => onPageChange(index + 1)}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
    </Box>
  );
}
