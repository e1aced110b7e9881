/**
 * The two ways to describe a transaction type for mapping (decision 0060):
 *
 * - describeKnownType: only the types the channel's catalogue lists. A new type stays unmapped and
 *   blocks the settlement until someone maps it (the app before a first send; `ledgerport post --strict`).
 * - describeTypeByShape: every type. A new one gets the category its shape gives (the channel's rule
 *   next to its catalogue, e.g. any Amazon amount type ending in 'Fees' is a fee), so the category
 *   default maps it; it is marked isNew, and resolveMapping passes that on as isNewType so every
 *   place that shows it can flag it with the account it went to.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';
import type { TypeDescriber } from './model';

export const describeKnownType: TypeDescriber = (channel, key) => {
  const info = describeTransactionType(channel, key);
  return info.known ? { category: info.category, label: info.label } : undefined;
};

export const describeTypeByShape: TypeDescriber = (channel, key) => {
  const info = describeTransactionType(channel, key);
  return info.known ? { category: info.category, label: info.label } : { category: info.category, label: `${info.label} (new type)`, isNew: true };
};

/**
 * The app's describer when the account lets fees of new types post until mapped (issue 28, decision
 * 0063): the catalogue's types as describeKnownType, and a new type whose shape makes it a fee, marked
 * isNew, so the fees category's account takes it and every place that shows it flags it. A new type of
 * any other shape stays unmapped and still asks for a mapping.
 */
export const describeKnownTypeOrNewFee: TypeDescriber = (channel, key) => {
  const description = describeTypeByShape(channel, key);
  return description && (!description.isNew || description.category === 'fees') ? description : undefined;
};
