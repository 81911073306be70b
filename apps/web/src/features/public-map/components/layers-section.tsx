import { Accordion, AccordionDetails, AccordionSummary, Box, Switch, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import type { LayerGroup } from '@portal/contracts';
import {
  DEFAULT_OPEN_GROUPS,
  isFillLayer,
  isGroupVisible,
  setGroupVisibility,
  type LayerGroupEntry,
  type LayerSetting,
} from '../../../map/map-layers';
import { OpacityRange } from './opacity-range';

interface LayersSectionProps {
  groups: LayerGroupEntry[];
  settings: Record<string, LayerSetting>;
  onChange: (settings: Record<string, LayerSetting>) => void;
}

/** Layer groups (first three open), a visibility switch per group and layer, opacity for fill layers. */
export function LayersSection({ groups, settings, onChange }: LayersSectionProps) {
  const [open, setOpen] = useState<ReadonlySet<LayerGroup>>(() => new Set(DEFAULT_OPEN_GROUPS));
  if (groups.length === 0) return <Typography color="text.secondary">No layers found</Typography>;

  const toggleOpen = (group: LayerGroup) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });
  const setLayer = (id: string, patch: Partial<LayerSetting>) => onChange({ ...settings, [id]: { ...settings[id], ...patch } });

  return (
    <Box>
      {groups.map((entry) => {
        const groupOn = isGroupVisible(entry, settings);
        const headingId = `layer-group-${entry.group.replace(/\s+/g, '-').toLowerCase()}`;
        return (
          <Accordion
            key={entry.group}
            disableGutters
            elevation={0}
            expanded={open.has(entry.group)}
            onChange={() => toggleOpen(entry.group)}
            // The summary is not the accordion's first child (the switch's row is), so its region is named here.
            slotProps={{ region: { 'aria-labelledby': headingId, id: `${headingId}-content` } }}
            sx={{ '&:before': { display: 'none' }, bgcolor: 'transparent' }}
          >
            {/* The group switch sits beside the expand button, not inside it: a control inside a button reaches nobody using a keyboard or a screen reader. */}
            <Box sx={{ display: 'flex', alignItems: 'center', pl: 1 }}>
              <Switch
                size="small"
                checked={groupOn}
                onChange={(_, checked) => onChange(setGroupVisibility(entry, settings, checked))}
                slotProps={{ input: { 'aria-label': `Show group ${entry.group}` } }}
              />
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                aria-controls={`${headingId}-content`}
                sx={{ flex: 1, px: 1, minHeight: 40, '& .MuiAccordionSummary-content': { my: 0, alignItems: 'center', gap: 1 } }}
              >
                <Typography id={headingId} sx={{ fontWeight: 600 }}>
                  {entry.group}
                </Typography>
              </AccordionSummary>
            </Box>
            <AccordionDetails sx={{ px: 1, pt: 0 }}>
              <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {entry.layers.map((layer) => {
                  const setting = settings[layer.id] ?? { visible: true, opacity: 100 };
                  return (
                    <Box component="li" key={layer.id} sx={{ pl: 2 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Switch
                          size="small"
                          checked={setting.visible}
                          onChange={(_, visible) => setLayer(layer.id, { visible })}
                          slotProps={{ input: { 'aria-label': `Show layer ${layer.name}` } }}
                        />
                        <Typography variant="body2">{layer.name}</Typography>
                      </Box>
                      {isFillLayer(layer) ? (
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, pl: 10, pr: 2 }}>
                          <Typography variant="caption" color="text.secondary" sx={{ width: 52 }}>
                            Opacity
                          </Typography>
                          <OpacityRange
                            value={setting.opacity}
                            disabled={!setting.visible}
                            onChange={(opacity) => setLayer(layer.id, { opacity })}
                            label={`Opacity of ${layer.name}`}
                          />
                        </Box>
                      ) : null}
                    </Box>
                  );
                })}
              </Box>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
