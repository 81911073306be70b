import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Alert, CircularProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

interface Props {
  id: string;
  title: string;
  expanded: boolean;
  onToggle: (id: string) => void;
  loading: boolean;
  error: string | null;
  empty: boolean;
  /** Bumped by a scroll button: the section scrolls to the top once it is open and loaded. */
  scrollToken?: number;
  children: ReactNode;
}

/** One accordion of the tracker, with its loading, error and empty states. */
export function ReportSection({ id, title, expanded, onToggle, loading, error, empty, scrollToken = 0, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [entered, setEntered] = useState(expanded);
  const handled = useRef(0);
  // Scroll only when the section is fully open and its rows are in: before that the page may be
  // too short for the section to reach the top, and the scroll would stop short.
  useEffect(() => {
    if (scrollToken === handled.current || !expanded || !entered || loading) return;
    handled.current = scrollToken;
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollToken, expanded, entered, loading]);
  return (
    <Accordion
      ref={ref}
      id={id}
      expanded={expanded}
      onChange={() => onToggle(id)}
      disableGutters
      data-testid={`mobile-section-${id}`}
      sx={{ scrollMarginTop: 72 }}
      // The summary's heading is the section heading (h2 under the page's h1).
      slotProps={{
        transition: { unmountOnExit: true, onEntered: () => setEntered(true), onExit: () => setEntered(false) },
        heading: { component: 'h2' },
      }}
    >
      {/* The summary's id names the section's region (MUI labels the region with it). */}
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography variant="h6" component="span">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 0, sm: 2 }, pt: 0 }}>
        {loading ? (
          <CircularProgress size={24} aria-label={`Loading ${title}`} />
        ) : error ? (
          <Alert severity="error">An error has occurred: {error}</Alert>
        ) : empty ? (
          <Typography color="text.secondary" sx={{ px: 2 }}>
            No data available
          </Typography>
        ) : (
          children
        )}
      </AccordionDetails>
    </Accordion>
  );
}
