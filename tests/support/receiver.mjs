// A stand-in for the form service and the automation webhook: records every delivery in memory.
// GET /__received lists them; DELETE /__received clears; POST /__fail?times=N makes the next N fail.
import http from "node:http";

export function startReceiver(port = 0) {
  const received = [];
  let failuresLeft = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/__received") {
      if (request.method === "DELETE") received.length = 0;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(received));
      return;
    }
    if (url.pathname === "/__fail") {
      failuresLeft = Number(url.searchParams.get("times") ?? 1);
      response.writeHead(204).end();
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(500).end();
        return;
      }
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {
        // Not JSON: recorded with a null body.
      }
      received.push({
        path: url.pathname,
        method: request.method,
        headers: request.headers,
        body: json,
        at: Date.now(),
      });
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${address.port}`, received });
    });
  });
}
