// The page edge's thread starts here: a worker thread does not inherit the TypeScript loader the
// server runs under, so it registers its own before loading the edge (page-edge-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./page-edge-thread.ts');
