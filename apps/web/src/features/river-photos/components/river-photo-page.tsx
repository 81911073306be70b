import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  ButtonBase,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Skeleton,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { formatTimestamp } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRiverPhoto } from '../api/post-river-photo';
import { useObjectUrl } from '../hooks/use-object-url';
import { cameraErrorLines } from '../lib/camera-errors';
import type { RiverCamera } from '../lib/river-cameras';
import { SnapshotDialog } from './snapshot-dialog';
import { PageHeader } from '../../../components/ui/page-header';

/** A river photo page: the camera's current snapshot, refreshable, opening full size on click. */
export function RiverPhotoPage({ camera }: { camera: RiverCamera }) {
  useDocumentTitle(camera.title);
  const photo = useRiverPhoto(camera.slug);
  const src = useObjectUrl(photo.data);
  const [fullSize, setFullSize] = useState(false);
  const alt = `${camera.title}: ${camera.snapshotTitle}`;
  // A refresh that fails replaces the old image with the error: an old snapshot must not pass for a current one.
  const failed = photo.isError && !photo.isFetching;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={camera.title} spacing={2} />
      <Card variant="outlined">
        <CardHeader
          title={camera.snapshotTitle}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          // A blank line while loading keeps the header's height, so the image does not jump.
          subheader={photo.isSuccess && !failed ? `Taken ${formatTimestamp(photo.dataUpdatedAt)}` : '\u00a0'}
          action={
            <Button startIcon={<RefreshIcon />} onClick={() => void photo.refetch()} disabled={photo.isFetching}>
              Refresh
            </Button>
          }
        />
        <Box sx={{ height: 4 }}>{photo.isFetching && src ? <LinearProgress aria-label="Refreshing the snapshot" /> : null}</Box>
        <CardContent>
          {failed ? (
            <Alert severity={cameraErrorLines(photo.error).length === 1 ? 'warning' : 'error'} role="alert">
              {cameraErrorLines(photo.error).map((line, i) =>
                i === 0 ? <AlertTitle key={line}>{line}</AlertTitle> : <div key={line}>{line}</div>,
              )}
            </Alert>
          ) : src ? (
            <ButtonBase
              onClick={() => setFullSize(true)}
              aria-label={`Open ${camera.snapshotTitle} at full size`}
              sx={{ display: 'block', width: '100%', cursor: 'zoom-in', borderRadius: 1, overflow: 'hidden' }}
            >
              <Box component="img" src={src} alt={alt} sx={{ display: 'block', width: '100%', height: 'auto' }} />
            </ButtonBase>
          ) : (
            <Box role="status" aria-label="Loading the camera snapshot">
              <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: 1 }} />
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                Loading the camera snapshot…
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
      {src && !failed ? <SnapshotDialog open={fullSize} src={src} alt={alt} onClose={() => setFullSize(false)} /> : null}
    </Box>
  );
}
