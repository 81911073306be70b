import { Box, Link } from '@mui/material';
import type { PopupValue } from './popup-content';

/** One popup cell: 'N/A' in the secondary text colour (readable, 4.5:1), links in a new tab, lists one highlighted entry per line. */
export function PopupValueView({ value }: { value: PopupValue }) {
  switch (value.kind) {
    case 'na':
      return (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {value.text}
        </Box>
      );
    case 'link':
      return (
        <Link href={value.href} target="_blank" rel="noopener noreferrer" title={value.href} sx={{ wordBreak: 'break-all' }}>
          {value.text}
        </Link>
      );
    case 'lines':
      return (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {value.lines.map((line, i) => (
            <Box
              component="li"
              key={i}
              sx={
                value.highlight
                  ? { bgcolor: 'rgba(255, 214, 0, 0.28)', borderRadius: 0.5, px: 1, mb: 0.5, fontWeight: 600, '&:last-child': { mb: 0 } }
                  : { mb: 0.5, '&:last-child': { mb: 0 } }
              }
            >
              {line}
            </Box>
          ))}
        </Box>
      );
    default:
      return <>{value.text}</>;
  }
}
