/** Popups are 200 px high (120 px on small screens); the width is set on the MapLibre popup. */
export const POPUP_HEIGHT = { default: 200, small: 120 } as const;
export const POPUP_MAX_WIDTH = { staff: '400px', public: '380px', small: '205px' } as const;
