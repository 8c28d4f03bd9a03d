/** Rich text: paragraphs, headings, lists and links. */
import { BlockContentIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";

export const richTextBlock = defineType({
  name: "richTextBlock",
  title: "Texto",
  type: "object",
  icon: BlockContentIcon,
  fields: [
    defineField({
      name: "body",
      title: "Texto",
      description: "Párrafos, títulos, listas y enlaces.",
      type: "portableText",
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { body: "body" },
    prepare({ body }: { body?: Array<{ children?: Array<{ text?: string }> }> }) {
      const text = (body ?? [])
        .flatMap((block) => block.children ?? [])
        .map((child) => child.text ?? "")
        .join(" ");
      return { title: text.slice(0, 80) || "(vacío)", subtitle: "Texto" };
    },
  },
});
