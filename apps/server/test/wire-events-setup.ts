// Vitest setup of the server projects: every test file gets the composition's event wiring
// (wire-events.ts), the same as buildApp gives the server, also when it stores settlements,
// saves mappings or sends without building an app (decision 0051).
import { wireEvents } from '../src/wire-events';

wireEvents();
