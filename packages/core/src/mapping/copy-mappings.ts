/**
 * Copying mappings between accounts (A2X/Taxomate "copy mappings from another marketplace") and
 * revising them. Both return new sets; a set is never changed in place, because posted documents
 * refer to the exact version they used.
 */
import type { MappingEntry, MappingSet } from './model';

/** A copy owned by another account, starting its own version history at 1. */
export function copyMappings(from: MappingSet, toOwnerKey: string): MappingSet {
  return {
    ...structuredClone(from),
    ownerKey: toOwnerKey,
    version: 1,
    copiedFrom: { ownerKey: from.ownerKey, version: from.version },
  };
}

export interface MappingRevision {
  /** Rules to add or replace (same channel, type key and tax variant). */
  upsert?: MappingEntry[];
  /** Rules to remove, identified the same way. */
  remove?: Pick<MappingEntry, 'channel' | 'typeKey' | 'taxVariant'>[];
  isUnmappedToSuspense?: boolean;
}

const sameRule = (a: Pick<MappingEntry, 'channel' | 'typeKey' | 'taxVariant'>, b: Pick<MappingEntry, 'channel' | 'typeKey' | 'taxVariant'>) =>
  a.channel === b.channel && a.typeKey === b.typeKey && (a.taxVariant ?? null) === (b.taxVariant ?? null);

/** The next version of a set with the revision applied. */
export function reviseMappings(set: MappingSet, revision: MappingRevision): MappingSet {
  const upsert = revision.upsert ?? [];
  const remove = revision.remove ?? [];
  const entries = set.entries.filter((e) => !upsert.some((u) => sameRule(u, e)) && !remove.some((r) => sameRule(r, e)));
  return {
    ...structuredClone(set),
    version: set.version + 1,
    entries: [...entries, ...structuredClone(upsert)],
    isUnmappedToSuspense: revision.isUnmappedToSuspense ?? set.isUnmappedToSuspense,
  };
}
