/** What a preview-mode endpoint receives (routes.server.ts lists them; each handler takes this). */
export interface PreviewModeArgs {
  request: Request;
  /** The server's load context (`clientIp`, for the handshake's rate limit); absent: "unknown". */
  context?: unknown;
}
