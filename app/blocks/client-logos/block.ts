/** The client logos block: shown with at least one logo that has a picture. */
import { IMAGE } from "../../content/fragments";
import { defineBlock } from "../definition";

export default defineBlock({
  type: "clientLogosBlock",
  fragment: `_type == "clientLogosBlock" => { heading, logos[]{_key, ${IMAGE}} }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./ClientLogosBlock").then((module) => module.ClientLogosBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
