import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { DISTRICT_NAME } from '../../../lib/branding';
import { useSession } from '../../../lib/session';
import { readSession, STORAGE_KEYS, writeSession } from '../../../lib/storage';

/**
 * Shown on opening the map until Accept or Decline; Decline leaves for '/'.
 * Signed-in users never see it (nor while the session is still being restored). Accepted once,
 * it stays accepted for the browser session (sessionStorage), so returning to the map does not ask again.
 */
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
    <Dialog open={open} aria-labelledby="disclaimer-title" aria-describedby="disclaimer-text" maxWidth="sm">
      <DialogTitle id="disclaimer-title">Disclaimer</DialogTitle>
      <DialogContent>
        <DialogContentText id="disclaimer-text" component="div">
          <p style={{ marginTop: 0 }}>
            The maps, data and information in this application are provided for informational purposes only. They may not be suitable for
            legal, engineering or surveying purposes.
          </p>
          <p style={{ marginBottom: 0 }}>
            {DISTRICT_NAME} makes no warranty as to the accuracy, completeness or timeliness of the information shown and disclaims all
            liability for any use made of it.
          </p>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
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
      </DialogActions>
    </Dialog>
  );
}
