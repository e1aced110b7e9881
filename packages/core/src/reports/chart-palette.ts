/**
 * The chart palette (spec section 9: 12 colours). Okabe–Ito's eight colour-blind-safe colours first,
 * then four more of distinct lightness, so the first series of any chart stay apart for every reader.
 */
export const CHART_PALETTE = [
  '#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000',
  '#7F3C8D', '#11A579', '#3969AC', '#A5AA99',
] as const;
