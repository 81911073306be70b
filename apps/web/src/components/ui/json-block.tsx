import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopyToClipboard } from '../../lib/clipboard';

/** A titled, copyable JSON dump for diagnostics panels. */
export function JsonBlock({ title, value, testId }: { title: string; value: unknown; testId?: string }) {
  const copy = useCopyToClipboard();
  const text = value === undefined ? 'N/A' : JSON.stringify(value, null, 2);
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ mb: 5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        <Tooltip title="Copy">
          <IconButton size="small" aria-label={`Copy ${title}`} onClick={() => void copy(text)}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 3,
          maxHeight: 280,
          overflow: 'auto',
          fontSize: 12,
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
