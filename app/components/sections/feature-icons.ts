/** The icon a feature card shows: the one content names, else a neutral one picked by position. */
import { type IconName, isIconName } from "~/components/ui/Icon";

const FALLBACK_ICONS: IconName[] = ["sparkles", "target", "chart", "shield", "bolt", "users"];

export function featureIcon(icon: string | null | undefined, index: number): IconName {
  return isIconName(icon) ? icon : FALLBACK_ICONS[index % FALLBACK_ICONS.length];
}
