/**
 * Text for the operator's terminal. What a visitor typed reaches `npm run leads`, and a terminal obeys
 * control characters: C1's CSI (U+009B) starts an escape sequence, and bidi controls (U+202A–U+202E,
 * U+2066–U+2069) reorder what is shown. Each is printed as its `\uXXXX` escape instead, which in JSON
 * output is also the valid escape of the same character (JSON.stringify escapes C0, not C1 or bidi).
 */

/* eslint-disable no-control-regex -- matching control characters is the point. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set, but a line's own line breaks stay. */
const UNSAFE_BUT_NEWLINE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

const escape = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** A value a visitor sent, on one line with every control and bidi character escaped. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, escape);
}

/**
 * A whole line of output, last guard before the terminal: its own line breaks stay, anything else
 * unsafe is escaped. Keeps JSON valid: such characters can only be inside its strings.
 */
export function terminalSafeLine(line: string): string {
  return line.replace(UNSAFE_BUT_NEWLINE, escape);
}
