/** Set on <html> once the frame script has started: its behaviours are live (tests wait for it). */
export const FRAME_READY_ATTRIBUTE = "data-frame-ready";
