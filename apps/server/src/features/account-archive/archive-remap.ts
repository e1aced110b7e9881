/**
 * An imported account gets new keys and ids, the same new value wherever an old one appears (columns,
 * JSON, ids inside other ids such as a mapping version `acme-amazon-us@v2`):
 * - the account key becomes the new account's key;
 * - the random ids the server makes (settlements `stl_`, documents `doc_`/`cogs_`, journals and
 *   idempotency keys `lp_`, reversals `rev_`, uploads `imp_`, reconciliation reports `rcn_`) become
 *   ids of the same shape, derived from the old one with a key of this import alone (HMAC), so no
 *   table of old-to-new ids is kept and the order of the tables does not matter;
 * - the account's people are matched on this instance by email; a person who has no login here, and
 *   anyone else the archive names in a column that must name a user, becomes the person importing.
 */
import crypto from 'node:crypto';

/** A random id of the server: its prefix and 16 (12 random bytes) or 22 (16 bytes) base64url characters, standing alone. */
const SERVER_ID = /(?<![A-Za-z0-9_-])(stl|doc|cogs|rev|lp|imp|rcn)_([A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{16})(?![A-Za-z0-9_-])/g;

export interface ArchiveRemapOptions {
  oldAccountKey: string;
  newAccountKey: string;
  /** Old user id → the user id on this instance. */
  people: ReadonlyMap<string, string>;
  /** Who imports: stands for anyone the archive names in a user column that has no login here. */
  importerUserId: string;
  /** This import's own key for new ids (random per import). */
  idKey: Buffer;
}

export interface ArchiveRemap {
  /** A value of a column; `isUserColumn`: the column must name a user of this instance. */
  value(text: string | null, isUserColumn: boolean, isJson: boolean): string | null;
  newId(oldId: string): string;
}

export function createArchiveRemap(options: ArchiveRemapOptions): ArchiveRemap {
  const escaped = options.oldAccountKey.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const accountKeyInText = new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'g');
  const newIds = new Map<string, string>();
  const newId = (oldId: string): string => {
    let id = newIds.get(oldId);
    if (id === undefined) {
      const cut = oldId.indexOf('_');
      const digest = crypto.createHmac('sha256', options.idKey).update(oldId).digest('base64url');
      id = `${oldId.slice(0, cut + 1)}${digest.slice(0, oldId.length - cut - 1)}`;
      if (newIds.size < 200_000) newIds.set(oldId, id);
    }
    return id;
  };
  const person = (userId: string) => options.people.get(userId);
  return {
    newId,
    value(text, isUserColumn, isJson) {
      if (text === null) return null;
      if (isUserColumn) return person(text) ?? options.importerUserId;
      const exact = person(text);
      if (exact !== undefined) return exact;
      let out = text.includes(options.oldAccountKey) ? text.replace(accountKeyInText, options.newAccountKey) : text;
      if (out.includes('_')) out = out.replace(SERVER_ID, (id) => newId(id));
      if (isJson && options.people.size > 0 && out.includes('"')) for (const [from, to] of options.people) if (out.includes(from)) out = out.split(`"${from}"`).join(`"${to}"`);
      return out;
    },
  };
}
