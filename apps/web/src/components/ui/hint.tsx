import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type TouchEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mui/material';
import { hintPosition, type Placement } from './hint-position';

/** Hover waits this long before showing the hint, so passing over a toolbar shows nothing. */
const ENTER_DELAY_MS = 100;
/** Leaving waits this long, so the pointer can move onto the hint itself (it stays while hovered). */
const LEAVE_DELAY_MS = 100;
/** A touch shows the hint after this long a press, and hides it this long after the finger lifts. */
const TOUCH_DELAY_MS = 700;
const TOUCH_HIDE_MS = 1500;

interface ChildProps {
  'aria-label'?: string;
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A short text naming an icon-only control, shown when the pointer rests on it, when it gets the
 * keyboard's focus, or on a long press; Escape, leaving and blurring hide it. The control is
 * named by it too (its `aria-label`, unless it has its own). An empty title shows nothing.
 * The shell and the map's first paint use this rather than MUI's Tooltip, whose Popper engine is
 * about 10 KB (brotli) more on every page's first load.
 */
export function Hint({
  title,
  placement = 'bottom',
  children,
}: {
  title: string;
  placement?: Placement;
  children: ReactElement<ChildProps>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const hintRef = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const later = useCallback((ms: number, next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Placed once drawn (its size is known then), before the browser paints it.
  useLayoutEffect(() => {
    if (!open || !anchorRef.current || !hintRef.current) {
      setPosition(null);
      return;
    }
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    setPosition(hintPosition(anchorRef.current.getBoundingClientRect(), hintRef.current.getBoundingClientRect(), viewport, placement));
  }, [open, placement, title]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  const { ref: childRef, 'aria-label': ownLabel, ...own } = children.props;
  const attachAnchor = useCallback(
    (node: HTMLElement | null) => {
      anchorRef.current = node;
      setRef(childRef, node);
    },
    [childRef],
  );
  const handlers = useMemo(
    () => ({
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        own.onPointerEnter?.(event);
        // A hover is a mouse's or a pen's; a finger's touch is handled below (a tap shows nothing).
        if (event.pointerType !== 'touch') later(ENTER_DELAY_MS, true);
      },
      onMouseLeave: (event: MouseEvent<HTMLElement>) => {
        own.onMouseLeave?.(event);
        later(LEAVE_DELAY_MS, false);
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        // The keyboard's focus, not the one a click leaves behind.
        if (event.currentTarget.matches(':focus-visible')) later(0, true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        own.onBlur?.(event);
        later(0, false);
      },
      onTouchStart: (event: TouchEvent<HTMLElement>) => {
        own.onTouchStart?.(event);
        later(TOUCH_DELAY_MS, true);
      },
      onTouchEnd: (event: TouchEvent<HTMLElement>) => {
        own.onTouchEnd?.(event);
        later(TOUCH_HIDE_MS, false);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the child's handlers one by one: `own` is a new object each render
    [own.onPointerEnter, own.onMouseLeave, own.onFocus, own.onBlur, own.onTouchStart, own.onTouchEnd, later],
  );
  const keepOpen = useCallback(() => clearTimeout(timer.current), []);
  const leaveHint = useCallback(() => later(LEAVE_DELAY_MS, false), [later]);

  if (!title) return children;
  // The ref callback and the handlers are only attached to the child here; none runs during render.
  // eslint-disable-next-line react-hooks/refs
  const trigger = cloneElement(children, { 'aria-label': ownLabel ?? title, ref: attachAnchor, ...handlers });

  return (
    <>
      {trigger}
      {open &&
        createPortal(
          <Box
            ref={hintRef}
            id={id}
            role="tooltip"
            onMouseEnter={keepOpen}
            onMouseLeave={leaveHint}
            sx={(theme) => ({
              position: 'fixed',
              left: position?.left ?? 0,
              top: position?.top ?? 0,
              visibility: position ? 'visible' : 'hidden',
              zIndex: theme.zIndex.tooltip,
              maxWidth: 300,
              px: 2,
              py: 1,
              borderRadius: 1,
              bgcolor: theme.palette.grey[700],
              color: theme.palette.common.white,
              fontFamily: theme.typography.fontFamily,
              fontSize: theme.typography.pxToRem(11),
              fontWeight: theme.typography.fontWeightMedium,
              lineHeight: 1.4,
              overflowWrap: 'break-word',
            })}
          >
            {title}
          </Box>,
          document.body,
        )}
    </>
  );
}
