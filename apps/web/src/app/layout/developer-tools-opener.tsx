import { Button } from '@mui/material';
import TerminalIcon from '@mui/icons-material/Terminal';

/** The footer's 'Developer Tools' button (Developers only). */
export function DeveloperToolsOpener({ onOpen }: { onOpen: () => void }) {
  return (
    <Button size="small" startIcon={<TerminalIcon />} onClick={onOpen} data-testid="developer-tools-opener" sx={{ color: 'inherit' }}>
      Developer Tools
    </Button>
  );
}
