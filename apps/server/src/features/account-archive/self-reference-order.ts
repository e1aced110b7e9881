/**
 * A table that refers to itself (a duplicate settlement to its original, a reversal journal to the
 * journal it reverses) takes a row only after the row it names. Rows arrive in the archive's order
 * (its primary key), so a row whose parent has not come yet waits here until it has; the keys of the
 * rows taken so far are kept (one per settlement or journal, not per line).
 */
import type { CatalogForeignKey, CatalogTable, TextRow } from '@ledgerport/db';
import { ArchiveImportError } from './account-archive-format';

export class SelfReferenceOrder {
  private readonly childAt: number[];
  private readonly parentAt: number[];
  private readonly seen = new Set<string>();
  private waiting: TextRow[] = [];

  constructor(
    private readonly tableName: string,
    key: CatalogForeignKey,
    table: CatalogTable,
    columns: readonly string[],
  ) {
    const parentColumns = /REFERENCES\s+[^(]+\(([^)]+)\)/.exec(key.definition)?.[1]?.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) ?? [];
    this.childAt = key.columns.map((c) => columns.indexOf(c));
    this.parentAt = parentColumns.map((c) => columns.indexOf(c));
    if (this.childAt.includes(-1) || this.parentAt.includes(-1) || this.parentAt.length !== this.childAt.length) {
      throw new Error(`${table.name}: cannot read its reference to itself (${key.definition}).`);
    }
  }

  /** The rows that can go in now, in an order where each comes after the row it names; the others wait. */
  admit(rows: readonly TextRow[]): TextRow[] {
    const ready: TextRow[] = [];
    let pending = [...this.waiting, ...rows];
    for (let progressed = true; progressed && pending.length > 0; ) {
      progressed = false;
      const later: TextRow[] = [];
      for (const row of pending) {
        const names = this.childAt.map((i) => row[i]);
        if (names.some((v) => v === null) || this.seen.has(names.join('\u0000'))) {
          ready.push(row);
          this.seen.add(this.parentAt.map((i) => row[i]).join('\u0000'));
          progressed = true;
        } else later.push(row);
      }
      pending = later;
    }
    this.waiting = pending;
    return ready;
  }

  assertComplete(): void {
    if (this.waiting.length > 0) {
      throw new ArchiveImportError(`${this.tableName}: ${this.waiting.length} rows name a row of the same table the archive does not hold. Nothing was imported.`);
    }
  }
}
