/**
 * Reads a posted form at the request boundary, never throwing: the fields of an urlencoded or multipart
 * body, or why the body was refused. Every action that takes a form reads it through here.
 *
 * A body over 1 MiB is refused (413). A multipart one (the service-start form without JavaScript, whose
 * logo file travels with it) is still read as it streams, up to 8 MiB (a phone photo of a logo), with
 * the file's bytes dropped and only its name and type kept: the refusal then carries the fields, so the
 * visitor gets the form back with everything typed and only has to pick a smaller logo.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

export const MAX_FORM_BODY_BYTES = 1024 * 1024;
/**
 * How much of a multipart body is read to give its fields back when it is over the limit. Scanning for
 * the part boundaries costs about 25 ms of CPU per MiB here, so this also bounds what one post can cost.
 */
export const MAX_MULTIPART_READ_BYTES = 8 * 1024 * 1024;

export type FormBody =
  | { ok: true; formData: FormData }
  /**
   * 413 too large, 415 not a form's content type, 400 unreadable (broken multipart, aborted upload).
   * A multipart body over the limit that could still be read brings its fields (files as name and type).
   */
  | { ok: false; status: 400 | 413 | 415; formData?: FormData };

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

/** The multipart boundary of a Content-Type (quoted or not), or null. */
function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * A multipart body's fields and its size, streamed: text parts may weigh `limit` together, the whole
 * body `readLimit`; file parts' bytes are dropped, each file standing in as an empty File with the sent
 * name and type. Anything left unread when it stops early is cancelled, so the server drops the rest of
 * the upload (server/request-body.ts).
 */
async function readMultipart(request: Request, boundary: string, limit: number, readLimit: number) {
  let textBytes = 0;
  let bodyBytes = 0;
  let parts = 0;
  if (!request.body) throw new Error("A multipart post without a body");
  const keepPart: UploadHandler = async ({ filename, contentType, data }) => {
    parts += 1;
    if (typeof filename === "string") {
      // Read to its end (the parser needs that to reach the next part), keeping nothing.
      for await (const chunk of data) void chunk;
      return new File([], filename, { type: contentType });
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of data) {
      textBytes += chunk.byteLength;
      if (textBytes > limit) throw new BodyTooLargeError();
      chunks.push(chunk);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  };
  const stopReading = new AbortController();
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bodyBytes += chunk.byteLength;
        if (bodyBytes > readLimit) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
    { signal: stopReading.signal },
  );
  // The parser wants this exact Content-Type spelling; the bytes it reads are the request's own.
  const normalized = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: counted,
    duplex: "half",
  } as RequestInit);
  try {
    const formData = await unstable_parseMultipartFormData(normalized, keepPart);
    // The parser takes a body without a single boundary for an empty form; no form posts zero fields.
    if (parts === 0) throw new Error("A multipart body without parts");
    return { formData, bodyBytes };
  } catch (error) {
    stopReading.abort();
    throw bodyBytes > readLimit ? new BodyTooLargeError() : error;
  }
}

/** The posted fields (urlencoded, multipart, or urlencoded when no Content-Type was sent). */
export async function readFormBody(
  request: Request,
  { limit = MAX_FORM_BODY_BYTES, readLimit = MAX_MULTIPART_READ_BYTES }: { limit?: number; readLimit?: number } = {},
): Promise<FormBody> {
  const contentType = request.headers.get("content-type")?.trim() ?? "";
  const multipart = MULTIPART.test(contentType);
  // Too large is answered before the type, whatever was sent.
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > (multipart ? readLimit : limit)) return { ok: false, status: 413 };
  if (!multipart && contentType !== "" && !URLENCODED.test(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, status: 415 };
  }
  try {
    if (multipart) {
      const boundary = multipartBoundary(contentType);
      if (!boundary) {
        await request.body?.cancel().catch(() => undefined);
        return { ok: false, status: 400 };
      }
      const { formData, bodyBytes } = await readMultipart(request, boundary, limit, readLimit);
      return bodyBytes > limit ? { ok: false, status: 413, formData } : { ok: true, formData };
    }
    const bytes = await readLimited(request.body, limit);
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) formData.append(name, value);
    return { ok: true, formData };
  } catch (error) {
    return { ok: false, status: error instanceof BodyTooLargeError ? 413 : 400 };
  }
}

/**
 * A raw text body (a webhook's JSON) of at most `limit` bytes: a declared length over it is refused before
 * a byte is read, a body that turns out longer while streaming stops there (the rest is dropped by the
 * server, server/request-body.ts). 400 for an upload that broke off.
 */
export async function readTextBody(
  request: Request,
  limit = MAX_FORM_BODY_BYTES,
): Promise<{ ok: true; text: string } | { ok: false; status: 400 | 413 }> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, status: 413 };
  }
  try {
    return { ok: true, text: new TextDecoder().decode(await readLimited(request.body, limit)) };
  } catch (error) {
    return { ok: false, status: error instanceof BodyTooLargeError ? 413 : 400 };
  }
}
