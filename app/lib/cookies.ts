/**
 * Reading cookies from a `Cookie` header or `document.cookie` without ever throwing: a value that is
 * not valid percent-encoding (`name=%`) is taken as written instead of failing the request. Cookies are
 * input like any other; their parsers decide what a usable value is.
 */

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Every cookie of a header, in one pass: name → its values in header order (a browser may send a name twice). */
export function parseCookieHeader(cookieHeader: string | null | undefined): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  if (!cookieHeader) return cookies;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    let value = part.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const values = cookies.get(name);
    if (values) values.push(decode(value));
    else cookies.set(name, [decode(value)]);
  }
  return cookies;
}

/** Every value of the cookie `name`, in header order (a browser may send the same name twice). */
export function readCookies(cookieHeader: string | null | undefined, name: string): string[] {
  return parseCookieHeader(cookieHeader).get(name) ?? [];
}
