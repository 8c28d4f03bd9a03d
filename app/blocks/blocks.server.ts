/** The blocks renderer for the server's render; the browser loads `./Blocks` as a chunk (app/routes/$.tsx). */
export { Blocks } from "./Blocks";
