import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';
import { useMapPopup } from './use-map-popup';
import type { PopupFeature, PopupLayerSettings } from './popup-feature';
import { fetchLocationPopup } from '../api/public-map/get-location-popup';
import { withPopupProperties } from './location-popup';
import { useSession } from '../lib/session';
import { useFeatureClick, type FeatureClick } from './use-feature-click';

export interface LayerPopup {
  /** The features under the last click on one of the layers; null when the popup is closed. */
  click: FeatureClick | null;
  /** The feature shown, among the overlapping ones (a new click starts again at 0). */
  page: number;
  setPage: (page: number) => void;
  /** Popup settings (title field, excluded fields) by layer id. */
  popupLayers: Record<string, PopupLayerSettings>;
  /** Render the popup's content into this node (createPortal). */
  container: HTMLDivElement;
}

/** A map's feature popup over our layers: opens at a click, pages through overlapping features, closes with its button. */
export function useLayerPopup(map: MapLibreMap | null, layers: readonly PublicMapLayer[], maxWidth: string): LayerPopup {
  const popupLayers = useMemo<Record<string, PopupLayerSettings>>(
    () => Object.fromEntries(layers.map((l) => [l.id, { id: l.id, name: l.name, ...l.lreProperties.popup }])),
    [layers],
  );
  const clickableIds = useMemo(() => layers.map((l) => l.id), [layers]);
  const queryClient = useQueryClient();
  const sub = useSession().user?.profile.sub;
  const complete = useCallback(
    (features: PopupFeature[]) => withPopupProperties(features, (feed, ndx) => fetchLocationPopup(queryClient, feed, ndx, sub)),
    [queryClient, sub],
  );
  const [click, clearClick] = useFeatureClick(map, clickableIds, complete);
  const [paging, setPaging] = useState({ click, page: 0 });
  // A new click starts again at its first feature.
  const page = paging.click === click ? paging.page : 0;
  const popup = useMapPopup(map, { maxWidth, onClose: clearClick });
  const { open: openPopup, close: closePopup } = popup;
  useEffect(() => {
    if (click) openPopup(click.at);
    else closePopup();
  }, [click, openPopup, closePopup]);
  return { click, page, setPage: (next) => setPaging({ click, page: next }), popupLayers, container: popup.container };
}
