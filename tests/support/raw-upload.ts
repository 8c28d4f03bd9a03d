/**
 * A client that uploads a body larger than a server accepts, the way a well-behaved one does: chunked (no
 * length), 1 MiB at a time with back-pressure, stopping once an answer's status line has arrived (then
 * `afterAnswer` more bytes, to show the server still reads), and ending its body. It reads the answer even
 * when a write fails (EPIPE, ECONNRESET: a server that closed mid-upload), so a test sees the status the
 * server sent, and whether the upload broke, instead of only the write error that a node:http client
 * reports then.
 */
import net from "node:net";

export interface UploadOutcome {
  /** The status of the answer, 0 when none arrived. */
  status: number;
  /** The answer's head (status line and headers) as text. */
  head: string;
  /** The code of the first write or read error (EPIPE, ECONNRESET), or null when the upload ended cleanly. */
  writeError: string | null;
  /** The server ended the connection (FIN) or reset it. */
  closedBy: "server" | "reset";
}

export function uploadUntilAnswered(
  { port, path, headers = {} }: { port: number; path: string; headers?: Record<string, string> },
  { megabytes, afterAnswer = 0 }: { megabytes: number; afterAnswer?: number },
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let writeError: string | null = null;
    let serverEnded = false;
    const head = () => {
      const text = Buffer.concat(received).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      return end === -1 ? "" : text.slice(0, end);
    };
    const status = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(head())?.[1] ?? 0);
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("end", () => (serverEnded = true));
    socket.on("error", (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on("close", () =>
      resolve({ status: status(), head: head(), writeError, closedBy: serverEnded ? "server" : "reset" }),
    );

    const lines = Object.entries({ Host: "127.0.0.1", ...headers, "Transfer-Encoding": "chunked" }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    let sent = 0;
    let sentAfterAnswer = 0;
    const write = () => {
      while (!writeError && !socket.destroyed) {
        if (status() !== 0) {
          if (sentAfterAnswer >= afterAnswer) break;
          sentAfterAnswer += chunk.byteLength;
        } else if (sent >= megabytes) break;
        sent += 1;
        if (!socket.write(frame)) return void socket.once("drain", write);
      }
      if (!writeError && !socket.destroyed) socket.end("0\r\n\r\n");
    };
    write();
  });
}
