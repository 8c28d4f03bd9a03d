/** Reads a form post with a hard size limit: the declared Content-Length and the bytes actually sent. */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super("form body over the size limit");
  }
}

export class UnsupportedBodyError extends Error {
  constructor(contentType: string) {
    super(`unsupported form body type: ${contentType}`);
  }
}

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

/** The posted fields (urlencoded or multipart). Throws BodyTooLargeError past `limit` bytes. */
export async function readFormBody(request: Request, limit = MAX_FORM_BODY_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  const contentType = request.headers.get("content-type") ?? "";
  const bytes = await readLimited(request.body, limit);
  if (/^multipart\/form-data/i.test(contentType)) {
    return new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  }
  if (contentType === "" || /^application\/x-www-form-urlencoded/i.test(contentType)) {
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) formData.append(name, value);
    return formData;
  }
  throw new UnsupportedBodyError(contentType);
}
