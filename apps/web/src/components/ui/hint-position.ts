/** Gap between a control and its hint, and the least margin to the window's edges. */
const GAP_PX = 8;
const EDGE_PX = 4;

export type Placement = 'bottom' | 'right';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

/**
 * Where a hint of `hint`'s size goes for a control at `anchor` in a window of `viewport`'s size:
 * below it, centred (above when there is no room below), or to its right, centred (left when
 * there is no room on the right); always inside the window.
 */
export function hintPosition(
  anchor: Box,
  hint: { width: number; height: number },
  viewport: { width: number; height: number },
  placement: Placement,
): { left: number; top: number } {
  const clamp = (value: number, size: number, limit: number) => Math.max(EDGE_PX, Math.min(value, limit - size - EDGE_PX));
  if (placement === 'right') {
    const fitsRight = anchor.right + GAP_PX + hint.width <= viewport.width - EDGE_PX;
    const left = fitsRight ? anchor.right + GAP_PX : anchor.left - GAP_PX - hint.width;
    return {
      left: clamp(left, hint.width, viewport.width),
      top: clamp(anchor.top + (anchor.height - hint.height) / 2, hint.height, viewport.height),
    };
  }
  const fitsBelow = anchor.bottom + GAP_PX + hint.height <= viewport.height - EDGE_PX;
  const top = fitsBelow ? anchor.bottom + GAP_PX : anchor.top - GAP_PX - hint.height;
  return {
    left: clamp(anchor.left + (anchor.width - hint.width) / 2, hint.width, viewport.width),
    top: clamp(top, hint.height, viewport.height),
  };
}
