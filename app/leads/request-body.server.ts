/**
 * Reads a posted form at the request boundary, never throwing: the fields of an urlencoded or multipart
 * body (≤ 1 MiB, counting the declared Content-Length and the bytes actually sent), or why the body was
 * refused. Every action that takes a form reads it through here.
 */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;

export type FormBody =
  | { ok: true; formData: FormData }
  /** 413 too large, 415 not a form's content type, 400 unreadable (broken multipart, aborted upload). */
  | { ok: false; status: 400 | 413 | 415 };

class BodyTooLargeError extends Error {}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The posted fields (urlencoded, multipart, or urlencoded when no Content-Type was sent). */
export async function readFormBody(request: Request, limit = MAX_FORM_BODY_BYTES): Promise<FormBody> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, status: 413 };
  const contentType = request.headers.get("content-type")?.trim() ?? "";
  const multipart = MULTIPART.test(contentType);
  if (!multipart && contentType !== "" && !URLENCODED.test(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, status: 415 };
  }
  try {
    const bytes = await readLimited(request.body, limit);
    if (multipart) {
      return { ok: true, formData: await new Response(bytes, { headers: { "Content-Type": contentType } }).formData() };
    }
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) formData.append(name, value);
    return { ok: true, formData };
  } catch (error) {
    return { ok: false, status: error instanceof BodyTooLargeError ? 413 : 400 };
  }
}
