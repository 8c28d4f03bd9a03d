/** The hero block's part of the page's <head>: the social card is drawn from it, its text describes the page. */
import { defineBlockServer } from "../server-steps.server";
import definition from "./block";

export default defineBlockServer({
  definition,
  head: (block) => ({ card: block, description: block.text }),
});
