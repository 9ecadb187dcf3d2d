// Builds the client and server when missing or stale (used before the browser tests).
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
