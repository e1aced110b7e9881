/**
 * Money on the wire is a decimal string ("-12.3400", "12.34"); in code it is bigint units at scale 4
 * (@ledgerport/core/money). This codec is the one place that converts between the two.
 */
import { z } from 'zod';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';

/** A plain decimal amount: optional '-', digits, up to 4 decimals. No separators, no symbols. */
export const decimalAmountSchema = z
  .string()
  .regex(/^-?\d{1,16}(\.\d{1,4})?$/, 'Enter an amount like 12.34 (at most 4 decimals, no symbols or separators).');

/** Decodes a decimal string to bigint units and encodes units back to a 4-decimal string. */
export const moneyUnitsCodec = z.codec(decimalAmountSchema, z.bigint(), {
  decode: (text) => decimalToUnits(text),
  encode: (units) => formatUnits(units),
});
