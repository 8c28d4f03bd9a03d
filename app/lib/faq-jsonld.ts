/** schema.org FAQPage structured data for a page that shows questions and answers. */

export interface FaqEntry {
  question?: string | null;
  answer?: string | null;
}

/** The FAQPage object, or null when no item has both a question and an answer. */
export function faqPageJsonLd(items: ReadonlyArray<FaqEntry> | null | undefined): Record<string, unknown> | null {
  const entries = (items ?? []).filter((item): item is { question: string; answer: string } =>
    Boolean(item.question?.trim() && item.answer?.trim()),
  );
  if (entries.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((item) => ({
      "@type": "Question",
      name: item.question.trim(),
      acceptedAnswer: { "@type": "Answer", text: item.answer.trim() },
    })),
  };
}
