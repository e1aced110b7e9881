/**
 * Limits the web app shows or checks before a request. Plain constants with no zod, so a page can
 * import them (`@ledgerport/contract/limits`) without the schemas and zod joining its chunk
 * (decision 0026); the schemas that enforce them import them from here.
 */

/** The most settlements one bulk action (and one send-progress question) may name. */
export const BULK_SETTLEMENTS_MAX = 50;

/** The spec's trial limit (section 9): a trial account uploads at most this many files; core's billing rule owns it. */
export { TRIAL_FILES_MAX } from '@ledgerport/core/billing';
