/** The address of one settlement's detail page (kept apart from the list's columns so any page can link without loading them). */
export const detailPath = (settlementKey: string) => `/settlement?settlementKey=${encodeURIComponent(settlementKey)}`;
