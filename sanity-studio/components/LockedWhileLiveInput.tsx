/**
 * The input of what a running experiment must not change (key, variants): read-only while the
 * PUBLISHED experiment is running, whatever status the draft says, so pausing means publishing the
 * pause first. The document's validation (checkLiveChange) refuses such a publish all the same.
 */
import { getPublishedId, type InputProps, useEditState, useFormValue } from "sanity";

export function LockedWhileLiveInput(props: InputProps) {
  const id = useFormValue(["_id"]);
  const { published } = useEditState(getPublishedId(typeof id === "string" ? id : ""), "experiment", "low");
  const live = (published as { status?: string } | null)?.status === "running";
  return props.renderDefault(live ? { ...props, readOnly: true } : props);
}
