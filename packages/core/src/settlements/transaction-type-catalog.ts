/**
 * Transaction-type catalogues. Each channel lists the transaction types it knows (stable, channel-scoped
 * keys such as Amazon's 'Order|ItemFees|Commission') with the label an accountant sees ("Amazon Fees -
 * Commission") and a default category. A key the catalogue does not know is never dropped: it gets a
 * label built from its raw parts, a guessed category (or 'other') and known=false, so the mapping
 * screen and the posting engine can flag it.
 */
import type { Category, Channel } from './model';

export interface TransactionTypeInfo {
  key: string;
  label: string;
  category: Category;
  /** False when the channel's catalogue does not list this key (new or rare type): flag it. */
  known: boolean;
}

export interface TransactionTypeCatalog {
  channel: Channel;
  /** Known keys. */
  types: ReadonlyMap<string, { label: string; category: Category }>;
  /** Category for a key not in `types`, from its parts (e.g. any Amazon '…|ItemFees|…' is fees). */
  guessCategory(key: string): Category;
  /** Label for a key not in `types`, from its raw parts. */
  labelUnknown(key: string): string;
}

export interface CatalogOptions {
  guessCategory?: (key: string) => Category;
  /** Word in front of unknown labels, e.g. 'Amazon'. */
  labelPrefix: string;
  /** Separator of the key's parts; default '|'. */
  keySeparator?: string;
  /** Key parts that name nothing to a person (Amazon's 'other-transaction'), left out of unknown labels. */
  silentKeyParts?: readonly string[];
}

/** Builds a catalogue from `{ key: [label, category] }`. */
export function defineTransactionTypes(
  channel: Channel,
  entries: Record<string, readonly [string, Category]>,
  options: CatalogOptions,
): TransactionTypeCatalog {
  const types = new Map(Object.entries(entries).map(([key, [label, category]]) => [key, { label, category }]));
  const separator = options.keySeparator ?? '|';
  return {
    channel,
    types,
    guessCategory: options.guessCategory ?? (() => 'other'),
    labelUnknown: (key) => {
      const silent = options.silentKeyParts ?? [];
      const parts = key.split(separator).map((p) => p.trim()).filter((p, i, all) => p !== '' && all.indexOf(p) === i && !silent.includes(p));
      return `${options.labelPrefix} - ${parts.length > 0 ? parts.join(' / ') : '(no type)'}`;
    },
  };
}

/** Describes a key with a catalogue: known entry, or a raw-key label flagged unknown. */
export function describeWithCatalog(catalog: TransactionTypeCatalog, key: string): TransactionTypeInfo {
  const known = catalog.types.get(key);
  if (known) return { key, label: known.label, category: known.category, known: true };
  return { key, label: catalog.labelUnknown(key), category: catalog.guessCategory(key), known: false };
}
