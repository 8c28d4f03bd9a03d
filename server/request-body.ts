/**
 * A request's body as the web stream Remix's actions read. Remix's own adapter
 * (`createReadableStreamFromReadable`) destroys the request, and with it the socket, when the app stops
 * reading early (a form body over its limit, or not a form's content type), so the client got an empty
 * reply instead of the 413/415. Here the rest of the upload is read and dropped instead, and the
 * connection closes once the answer is sent and the upload has ended, or after a bound (a lingering
 * close, as web servers do): closing a socket with unread input sends a reset, which can reach the
 * client before it read the answer (it saw `write EPIPE` or `ECONNRESET` instead of the 413 under load).
 * A client that leaves mid-upload fails the read (Node's error, or a close before the body ended), so a
 * cut-off form is refused, never read as a shorter one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Bytes buffered ahead of the reader before the upload is paused. */
const HIGH_WATER_MARK = 64 * 1024;
/**
 * After an answer sent before its upload ended, the connection stays open to read and drop the rest for at
 * most this long, then closes (nginx lingers up to 30 s, Apache 30 s). Nothing is buffered meanwhile; the
 * bound only caps what a client that keeps sending can cost. (Node's HTTP parser reads the socket itself,
 * so the bytes are not counted here: a time is the bound web servers use too.)
 */
export const LINGER_MS = 5_000;

function ignore() {}

const lingering = new WeakSet<Socket>();

/**
 * Once Node closes this connection after the answer (it calls `destroySoon` for `Connection: close`), only
 * our side is shut (FIN after the answer); what the client still sends is read and dropped until it ends
 * its side, or for LINGER_MS at most, and then the socket is destroyed.
 */
function lingerBeforeClose(socket: Socket | null): void {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = () => {
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    // The client ended its side: close once the answer is flushed (at once if it is).
    const ended = () => (socket.writableFinished ? close() : socket.once("finish", close));
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    if (socket.writable) socket.end();
    if (socket.readableEnded) ended();
    else {
      socket.once("end", ended);
      socket.resume();
    }
  };
}

export function requestBodyStream(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let settled = false;
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const settle = (finish: () => void) => {
    if (settled) return;
    settled = true;
    detach();
    finish();
  };
  const onData = (chunk: Buffer | string) => {
    if (settled) return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => settle(() => controller.close());
  const onError = (error: Error) => settle(() => controller.error(error));
  const onClose = () => {
    if (!req.complete)
      settle(() => controller.error(new Error("The client closed the connection before the body ended")));
  };

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        // Stays after the others are detached: an upload that breaks while it is being dropped is no error.
        req.on("error", ignore);
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        req.once("close", onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        if (settled) return;
        settled = true;
        detach();
        if (!res.headersSent) {
          res.setHeader("Connection", "close");
          lingerBeforeClose(req.socket);
        }
        // Keep reading (and dropping) what is still coming, so the answer can be written.
        req.resume();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}
