import { useState, type MouseEvent } from 'react';

export interface DeferredMenu {
  /** Where the menu hangs; null while it is closed. */
  anchor: HTMLElement | null;
  /** Whether the menu has been opened once: render it from then on (it stays mounted to fade out and give the focus back). */
  opened: boolean;
  close: () => void;
  /** Spread on the button that opens the menu. */
  buttonProps: {
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    onPointerEnter: () => void;
    onFocus: () => void;
    onClick: (event: MouseEvent<HTMLElement>) => void;
  };
}

/**
 * A menu whose code is in its own chunk: it starts loading when its button is first pointed at
 * or focused, and opens on a press. `anchorOf` picks where the menu hangs (the button by default).
 */
export function useDeferredMenu(
  load: () => Promise<unknown>,
  anchorOf: (button: HTMLElement) => HTMLElement | null = (button) => button,
): DeferredMenu {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const prefetch = () => void load().catch(() => undefined);
  return {
    anchor,
    opened,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': anchor !== null,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: (event) => {
        setOpened(true);
        setAnchor(anchorOf(event.currentTarget));
      },
    },
  };
}
