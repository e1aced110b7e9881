import { z } from 'zod';
import type { ConnectionState } from '@ledgerport/core/connections';

/** One state per connection, derived by core's deriveConnectionState from the connection row (decision 0056). */
export const connectionStates = ['none', 'connected', 'expired', 'error', 'disconnected'] as const satisfies readonly ConnectionState[];
export const connectionStateSchema = z.enum(connectionStates);
