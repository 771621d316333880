// Imported first by the node server's entry points (start.ts, e2e-server.ts), before the rest
// of the server is loaded: on Node 22 the process restarts itself in place with Node's
// AsyncContextFrame when it was started without it (src/lib/http/async-context.server.ts).
import { ensureAsyncContextFrame } from '../src/lib/http/async-context.server.ts';

ensureAsyncContextFrame();
