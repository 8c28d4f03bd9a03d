/** The FAQ block's part of the page's <head>: FAQPage structured data from its questions and answers. */
import { faqPageJsonLd } from "~/lib/faq-jsonld";

import { defineBlockServer } from "../server-steps.server";
import definition from "./block";

export default defineBlockServer({
  definition,
  head: (block) => ({ structuredData: faqPageJsonLd(block.items?.filter(Boolean)) }),
});
