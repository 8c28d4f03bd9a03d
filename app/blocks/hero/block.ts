/** The hero block: what it reads (GROQ) and when it can be shown (it needs its heading, the page's <h1>). */
import { IMAGE, LINK_HREF } from "../../content/fragments";
import { defineBlock } from "../definition";

export default defineBlock({
  type: "heroBlock",
  fragment: `_type == "heroBlock" => { badge, heading, text, cta{label, ${LINK_HREF}}, image{${IMAGE}} }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./HeroBlock").then((module) => module.HeroBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
