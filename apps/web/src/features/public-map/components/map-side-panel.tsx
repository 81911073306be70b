import { useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

export interface SidePanelSection {
  id: string;
  title: string;
  icon: ReactNode;
  content: ReactNode;
  defaultExpanded?: boolean;
  /** The content is first drawn when the section is first opened (and stays drawn once it has been). */
  mountOnOpen?: boolean;
}

/** 75, 225 and 315 px wide by breakpoint. */
export const SIDE_PANEL_WIDTH = { xs: 75, sm: 225, md: 315 } as const;

/**
 * The left panel's accordion sections (Basemaps, Layers; the map-tools issue adds Radius Tool).
 * At the narrowest width only the section icons show until a section is opened over the map.
 */
export function MapSidePanel({ sections }: { sections: SidePanelSection[] }) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(sections.map((s) => [s.id, s.defaultExpanded ?? false])),
  );
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(sections.filter((s) => s.defaultExpanded).map((s) => s.id)));
  const anyOpen = Object.values(expanded).some(Boolean);
  return (
    <Box
      component="aside"
      aria-label="Map panel"
      sx={{
        width: SIDE_PANEL_WIDTH,
        flexShrink: 0,
        overflowY: 'auto',
        borderRight: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
        // On phones an opened section widens over the map instead of squeezing into 75 px.
        position: { xs: anyOpen ? 'absolute' : 'relative', sm: 'relative' },
        zIndex: { xs: 3, sm: 'auto' },
        insetBlock: 0,
        ...(anyOpen ? { width: { xs: 260, sm: SIDE_PANEL_WIDTH.sm, md: SIDE_PANEL_WIDTH.md } } : {}),
      }}
    >
      {sections.map((s) => (
        <Accordion
          key={s.id}
          disableGutters
          square
          elevation={0}
          expanded={expanded[s.id] ?? false}
          onChange={(_, open) => {
            setExpanded((e) => ({ ...e, [s.id]: open }));
            if (open) setOpened((ids) => (ids.has(s.id) ? ids : new Set(ids).add(s.id)));
          }}
          // Sections are the map page's second heading level (under its h1); layer groups inside are h3.
          slotProps={{ heading: { component: 'h2' } }}
          sx={{ borderBottom: '1px solid', borderColor: 'divider', '&:before': { display: 'none' } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`${s.id}-content`}
            id={`${s.id}-header`}
            aria-label={s.title}
            sx={{ px: 3 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
              {s.icon}
              <Typography sx={{ fontWeight: 600, display: { xs: anyOpen ? 'block' : 'none', sm: 'block' } }} noWrap>
                {s.title}
              </Typography>
            </Box>
          </AccordionSummary>
          {/* The region around the details takes the id `${s.id}-content` from the summary's aria-controls. */}
          <AccordionDetails sx={{ px: 3, pt: 0 }}>{!s.mountOnOpen || opened.has(s.id) ? s.content : null}</AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
