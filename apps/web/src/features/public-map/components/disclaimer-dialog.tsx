import { useState } from 'react';
import { Box, Button, Fade, Modal, Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { DISTRICT_NAME } from '../../../lib/branding';
import { useSession } from '../../../lib/session';
import { readSession, STORAGE_KEYS, writeSession } from '../../../lib/storage';

/**
 * Shown on opening the map until Accept or Decline; Decline leaves for '/'.
 * Signed-in users never see it (nor while the session is still being restored). Accepted once,
 * it stays accepted for the browser session (sessionStorage), so returning to the map does not ask again.
 *
 * Drawn on MUI's Modal (focus kept inside, the page behind inert to a screen reader, a backdrop)
 * with the look of its Dialog: the map's first paint shows it, and Modal and Paper are in every
 * page's first load already while Dialog and its parts would add their own weight.
 */
/** Centred, at most 600 px wide, 32 px from the window's edges, its text scrolling when the window is short. */
const DIALOG_SX = {
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'calc(100% - 64px)',
  maxWidth: 600,
  maxHeight: 'calc(100% - 64px)',
  display: 'flex',
  flexDirection: 'column',
  outline: 0,
} as const;

export function DisclaimerDialog() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [answered, setAnswered] = useState(() => readSession(STORAGE_KEYS.disclaimerAccepted) === 'yes');
  const open = status === 'anonymous' && !answered;

  function handleDecline() {
    setAnswered(true);
    void navigate(ROUTES.LANDING);
  }

  return (
    <Modal open={open} closeAfterTransition>
      <Fade in={open}>
        <Paper
          elevation={24}
          role="dialog"
          aria-modal="true"
          aria-labelledby="disclaimer-title"
          aria-describedby="disclaimer-text"
          sx={DIALOG_SX}
        >
          <Typography id="disclaimer-title" variant="h6" component="h2" sx={{ px: 6, pt: 4, pb: 4 }}>
            Disclaimer
          </Typography>
          <Typography id="disclaimer-text" component="div" color="text.secondary" sx={{ px: 6, pb: 5, overflowY: 'auto' }}>
            <p style={{ marginTop: 0 }}>
              The maps, data and information in this application are provided for informational purposes only. They may not be suitable for
              legal, engineering or surveying purposes.
            </p>
            <p style={{ marginBottom: 0 }}>
              {DISTRICT_NAME} makes no warranty as to the accuracy, completeness or timeliness of the information shown and disclaims all
              liability for any use made of it.
            </p>
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, p: 2 }}>
            <Button onClick={handleDecline}>Decline</Button>
            <Button
              variant="contained"
              onClick={() => {
                writeSession(STORAGE_KEYS.disclaimerAccepted, 'yes');
                setAnswered(true);
              }}
              autoFocus
            >
              Accept
            </Button>
          </Box>
        </Paper>
      </Fade>
    </Modal>
  );
}
