import type { Config } from "tailwindcss";

export default {
  // Not the preview client: it has its own stylesheet, and a word in its code must never add a rule to
  // the public stylesheet (docs/preview.md: public pages carry not a byte of the preview feature).
  content: ["./app/**/*.{ts,tsx}", "!./app/components/preview/**"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          200: "#bcdaff",
          300: "#8ec3ff",
          400: "#59a1ff",
          500: "#337dfc",
          600: "#1d5ef1",
          700: "#1549dd",
          800: "#183cb3",
          900: "#1a378d",
          950: "#152356",
        },
        ink: { DEFAULT: "#0f172a", soft: "#334155", muted: "#475569" },
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
