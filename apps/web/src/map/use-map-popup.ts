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
  const observerRef = useRef<ResizeObserver | null>(null);
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
    // The popup's content grows after it opens (graph links, a page of overlapping features) and
    // the map shrinks when a panel opens under it: each time, the popup is fitted again.
    const refit = () => {
      if (popup.isOpen()) keepPopupInsideMap(map, popup, container);
    };
    const observer = new ResizeObserver(refit);
    observer.observe(container);
    observerRef.current = observer;
    map.on('resize', refit);
    return () => {
      observer.disconnect();
      observerRef.current = null;
      map.off('resize', refit);
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
      // Drawn above the map's own controls (zoom buttons, scale bar, attribution), never under them.
      const element = popup.getElement();
      if (element) element.style.zIndex = '3';
      // An overlay that grows or shrinks (a legend opened or closed) fits the popup again.
      for (const overlay of popupClearOverlays(map)) observerRef.current?.observe(overlay);
      keepPopupInsideMap(map, popup, container);
    },
    [map, container],
  );
  const close = useCallback(() => popupRef.current?.remove(), []);

  return { container, open, close };
}

/** The popup's content never gets shorter than this (a line or two, scrolling), so in a map strip it still fits. */
const MIN_CONTENT_PX = 36;

/** Room left free around a fitted popup: the map's edge, and at least the attribution bar's height along the bottom. */
const FIT_MARGIN_PX = { side: 8, top: 8, bottom: 28 } as const;

/** The bottom margin: the controls along the map's bottom (the attribution wraps onto more lines on a phone), plus a gap. */
function bottomMargin(map: MapLibreMap, mapBox: DOMRect): number {
  const corners = map.getContainer().querySelectorAll('.maplibregl-ctrl-bottom-left, .maplibregl-ctrl-bottom-right');
  let top = mapBox.bottom;
  for (const corner of corners) {
    const box = corner.getBoundingClientRect();
    if (box.height > 0) top = Math.min(top, box.top);
  }
  return Math.max(FIT_MARGIN_PX.bottom, mapBox.bottom - top + 4);
}

/**
 * A popup is always fully inside the map: its content is capped at the map's height (the table
 * scrolls inside it), and a popup running past an edge pans the map until it fits, so nothing in it
 * (Copy data, the graph links, the pager) is ever hidden past the map's edge or under the attribution.
 */
export function keepPopupInsideMap(map: MapLibreMap, popup: Popup, content: HTMLElement): void {
  const element = popup.getElement();
  if (!element) return;
  const mapBox = map.getContainer().getBoundingClientRect();
  const tip = element.querySelector('.maplibregl-popup-tip')?.getBoundingClientRect().height ?? 0;
  const bottom = bottomMargin(map, mapBox);
  const room = mapBox.height - FIT_MARGIN_PX.top - bottom - tip - 24;
  content.style.maxHeight = `${Math.max(MIN_CONTENT_PX, Math.floor(room))}px`;
  content.style.overflowY = 'auto';
  const box = element.getBoundingClientRect();
  const overflow = (start: number, end: number, min: number, max: number) => {
    if (start < min) return start - min;
    if (end > max) return Math.min(end - max, start - min);
    return 0;
  };
  let dx = overflow(box.left, box.right, mapBox.left + FIT_MARGIN_PX.side, mapBox.right - FIT_MARGIN_PX.side);
  let dy = overflow(box.top, box.bottom, mapBox.top + FIT_MARGIN_PX.top, mapBox.bottom - bottom);
  // Then clear of the overlays that sit over the map (a legend): moved up, down, left or right,
  // the shortest way that keeps it inside the map; where no way does, it stays as fitted.
  const inside = {
    left: mapBox.left + FIT_MARGIN_PX.side,
    right: mapBox.right - FIT_MARGIN_PX.side,
    top: mapBox.top + FIT_MARGIN_PX.top,
    bottom: mapBox.bottom - bottom,
  };
  for (const overlay of popupClearOverlays(map)) {
    const o = overlay.getBoundingClientRect();
    const [left, right, top, end] = [box.left - dx, box.right - dx, box.top - dy, box.bottom - dy];
    if (o.width === 0 || left >= o.right || right <= o.left || top >= o.bottom || end <= o.top) continue;
    // Each move as the pan that makes it: panning by +d moves the popup by -d.
    const moves: [number, number][] = [
      [0, end - o.top + OVERLAY_GAP_PX],
      [0, top - o.bottom - OVERLAY_GAP_PX],
      [right - o.left + OVERLAY_GAP_PX, 0],
      [left - o.right - OVERLAY_GAP_PX, 0],
    ];
    const fits = ([mx, my]: [number, number]) =>
      left - mx >= inside.left && right - mx <= inside.right && top - my >= inside.top && end - my <= inside.bottom;
    const best = moves.filter(fits).sort((a, b) => Math.abs(a[0] + a[1]) - Math.abs(b[0] + b[1]))[0];
    if (best) [dx, dy] = [dx + best[0], dy + best[1]];
  }
  if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) map.panBy([dx, dy], { duration: 0 });
}

/** Gap between a fitted popup and an overlay it keeps clear of. */
const OVERLAY_GAP_PX = 6;

/**
 * Overlays placed over the map by its page (marked data-popup-clear, such as the percentile class
 * legend) that a popup never covers nor hides under: those in the map's frame, the map container's
 * nearest positioned ancestor.
 */
function popupClearOverlays(map: MapLibreMap): HTMLElement[] {
  const frame = map.getContainer().parentElement?.parentElement;
  return frame ? [...frame.querySelectorAll<HTMLElement>('[data-popup-clear]')] : [];
}
