/** Orders the mapping rows for the screen: categories with unmapped types first, unmapped rows first. */
import type { MappingRow, Mappings } from '@ledgerport/contract';

export interface MappingGroup {
  category: string;
  rows: MappingRow[];
  unmappedCount: number;
}

export function groupMappingRows(rows: MappingRow[], isUnmapped: (r: MappingRow) => boolean): MappingGroup[] {
  const byCategory = new Map<string, MappingRow[]>();
  for (const r of rows) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  const groups = [...byCategory.entries()].map(([category, list]) => ({
    category,
    rows: [...list].sort((a, b) => Number(isUnmapped(b)) - Number(isUnmapped(a)) || b.lineCount - a.lineCount || a.label.localeCompare(b.label)),
    unmappedCount: list.filter(isUnmapped).length,
  }));
  return groups.sort((a, b) => Number(b.unmappedCount > 0) - Number(a.unmappedCount > 0) || a.category.localeCompare(b.category));
}

/** The account choices grouped by account kind (Revenue, Expense...), as the pickers show them. */
export function accountOptions(accounts: Mappings['accounts']): Array<{ group: string; items: Array<{ value: string; label: string; disabled: boolean }> }> {
  const groups = new Map<string, Array<{ value: string; label: string; disabled: boolean }>>();
  // A deactivated account of the built-in ledger stays shown where it is mapped, but cannot be chosen.
  for (const a of accounts) groups.set(a.kind, [...(groups.get(a.kind) ?? []), { value: a.code, label: `${a.code} · ${a.name}${a.isActive === false ? ' (deactivated)' : ''}`, disabled: a.isActive === false }]);
  return [...groups.entries()].map(([group, items]) => ({ group: group.charAt(0).toUpperCase() + group.slice(1), items }));
}

export const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);
