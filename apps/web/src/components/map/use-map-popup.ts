import { useCallback, useEffect, useRef, useState } from 'react';
import { Popup, type LngLatLike, type Map as MapLibreMap } from 'maplibre-gl';

export interface MapPopupHandle {
  /** The DOM node inside the popup; render into it with createPortal. */
  container: HTMLDivElement;
  open: (at: LngLatLike) => void;
  close: () => void;
}

export interface MapPopupOptions {
  maxWidth?: string;
  className?: string;
  /** Called when the popup closes, also by its close button. */
  onClose?: () => void;
}

/**
 * One MapLibre popup whose content is a DOM node owned by React (through a portal), so the
 * popup shares the page's theme, router and query client instead of being an HTML string.
 */
export function useMapPopup(map: MapLibreMap | null, options: MapPopupOptions): MapPopupHandle {
  const [container] = useState(() => document.createElement('div'));
  const popupRef = useRef<Popup | null>(null);
  const { maxWidth, className, onClose } = options;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!map) return;
    const popup = new Popup({ maxWidth, className, focusAfterOpen: false, closeOnClick: false });
    popup.setDOMContent(container);
    popup.on('close', () => onCloseRef.current?.());
    popupRef.current = popup;
    return () => {
      popup.remove();
      popupRef.current = null;
    };
  }, [map, container, maxWidth, className]);

  const open = useCallback(
    (at: LngLatLike) => {
      const popup = popupRef.current;
      if (!popup || !map) return;
      popup.setLngLat(at);
      if (!popup.isOpen()) popup.addTo(map);
    },
    [map],
  );
  const close = useCallback(() => popupRef.current?.remove(), []);

  return { container, open, close };
}
