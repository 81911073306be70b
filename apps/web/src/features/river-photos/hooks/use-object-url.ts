import { useEffect, useState } from 'react';

/** An object URL for a blob, revoked when the blob changes or the component unmounts. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    // The URL is an outside resource made and freed by this effect. A useMemo'd URL would be
    // revoked by StrictMode's extra cleanup while still on screen, so it has to live in state.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Never hand out a URL of an older blob: its effect cleanup has already revoked it.
  return entry && entry.blob === blob ? entry.url : null;
}
