/** What a preview-mode endpoint receives (routes.server.ts lists them; each handler takes this). */
export interface PreviewModeArgs {
  request: Request;
}
