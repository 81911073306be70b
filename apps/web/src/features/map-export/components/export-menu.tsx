import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';

interface ExportMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPrint: () => void;
  onSaveImage: () => void;
}

/** The export split button's menu: both exports. */
export function ExportMenu({ anchor, onClose, onPrint, onSaveImage }: ExportMenuProps) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem onClick={onPrint}>
        <ListItemIcon>
          <PictureAsPdfIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Print PDF</ListItemText>
      </MenuItem>
      <MenuItem onClick={onSaveImage}>
        <ListItemIcon>
          <ImageIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Save PNG</ListItemText>
      </MenuItem>
    </Menu>
  );
}
