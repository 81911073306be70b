import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InfoPage, Point, Section } from './info-page';

/**
 * The footer's Documentation page, open to everybody: how to use the public map, its popups and
 * graphs. The developers' API documentation stays a page of its own, linked here for Developers.
 */
export function PortalGuidePage() {
  useDocumentTitle('Portal Guide');
  const { roles } = useSession();
  const developer = roles.includes('Developer');
  return (
    <InfoPage title="Portal Guide" intro="How to find locations, read their data and export the map.">
      <Section title="The map">
        <ul>
          <Point>
            Search a location by name, or type coordinates (latitude, longitude), and the map flies there. Layers, basemaps and the Radius
            Tool are in the panel on the left; Filter and Color By narrow and colour the locations.
          </Point>
          <Point>
            Click a point or an area to open its popup: its fields, Copy data, and for gauges links to their Flow, Stage or Water Level
            graph. Where several features overlap, the arrows at the bottom page through them.
          </Point>
          <Point>The drawing tools measure a point, a distance or an area; Export saves the map as PDF or PNG.</Point>
        </ul>
      </Section>
      <Section title="Graphs">
        <ul>
          <Point>
            A graph opens under the map with the last 3 days of 15-minute data. Quick ranges, Start and End Date and the interval (15-minute
            or daily) change what it shows; Expand gives the chart more room and Collapse gives it back to the map.
          </Point>
          <Point>The table beside the chart lists every reading; Download CSV and Copy data hand the same rows over.</Point>
          <Point>Where a gauge sent no data for a while, the line stops and starts again after the gap.</Point>
        </ul>
      </Section>
      {developer ? (
        <Section title="For developers">
          <Typography sx={{ mb: 2 }}>
            The API, its access rules and the data model are described in the{' '}
            <MuiLink component={Link} to={ROUTES.DOCUMENTATION}>
              developer documentation
            </MuiLink>
            .
          </Typography>
        </Section>
      ) : null}
    </InfoPage>
  );
}
