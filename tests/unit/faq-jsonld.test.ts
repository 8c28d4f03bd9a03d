import { faqPageJsonLd } from "~/lib/faq-jsonld";

describe("faqPageJsonLd", () => {
  it("lists every question with its answer as a schema.org FAQPage, in order", () => {
    expect(
      faqPageJsonLd([
        { question: "¿Hay permanencia?", answer: "No, puedes cancelar cuando quieras." },
        { question: " ¿Cómo recibo los leads? ", answer: "En tiempo real en la app.\n" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "¿Hay permanencia?",
          acceptedAnswer: { "@type": "Answer", text: "No, puedes cancelar cuando quieras." },
        },
        {
          "@type": "Question",
          name: "¿Cómo recibo los leads?",
          acceptedAnswer: { "@type": "Answer", text: "En tiempo real en la app." },
        },
      ],
    });
  });

  it("leaves out items missing a question or an answer", () => {
    const data = faqPageJsonLd([
      { question: "¿Completa?", answer: "Sí." },
      { question: "¿Sin respuesta?", answer: null },
      { question: "  ", answer: "Sin pregunta" },
    ]);
    expect((data?.mainEntity as unknown[]).length).toBe(1);
  });

  it("gives nothing when there is nothing to publish", () => {
    expect(faqPageJsonLd(null)).toBeNull();
    expect(faqPageJsonLd([])).toBeNull();
    expect(faqPageJsonLd([{ question: "¿Sola?" }])).toBeNull();
  });
});
