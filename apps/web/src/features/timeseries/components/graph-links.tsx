import { Box, Link } from '@mui/material';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import type { GraphType } from '@portal/contracts';
import { GRAPH_TITLES } from '../lib/graph-titles';
import { graphTargetOf, type GraphTarget } from '../lib/graph-links';

interface GraphLinksProps {
  /** The popup feature's properties (location features carry location_ndx, location_id and has_*_graph). */
  properties: Record<string, unknown> | null | undefined;
  onOpen: (location: GraphTarget['location'], graphType: GraphType) => void;
}

/** The popup's graph links (flow, stage, water level by the has_*_graph flags); nothing for other features. */
export function GraphLinks({ properties, onOpen }: GraphLinksProps) {
  const target = graphTargetOf(properties);
  if (!target) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
      {target.graphTypes.map((type) => (
        <Link
          key={type}
          component="button"
          type="button"
          variant="caption"
          onClick={() => onOpen(target.location, type)}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <ShowChartIcon sx={{ fontSize: 14 }} />
          {`${GRAPH_TITLES[type]} Graph`}
        </Link>
      ))}
    </Box>
  );
}
