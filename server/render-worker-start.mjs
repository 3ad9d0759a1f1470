// The render worker's first module (decision 104): a worker thread does not inherit the TypeScript loader that tsx
// gave the main thread, so it registers it before it loads server/render-worker.ts.
import { register } from "tsx/esm/api";

register();
await import("./render-worker.ts");
