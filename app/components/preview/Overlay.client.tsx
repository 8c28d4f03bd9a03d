/**
 * Sanity's click-to-edit overlay inside the Studio's Presentation tool; Remix revalidation refreshes the
 * page when a draft changes. Its own chunk, loaded only by PreviewBar after hydration.
 */
import { VisualEditing } from "@sanity/visual-editing/remix";

export default function Overlay() {
  return <VisualEditing />;
}
