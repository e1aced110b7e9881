/**
 * Numbers by string key in flat typed arrays: an open-addressing table of (hash, value, where the
 * key's characters are) and one pool of the keys' character codes. The aggregator finds a SKU's
 * cell here every time the SKU changes (about every fifth line of an Amazon report): a Map looked
 * the parser's fresh string up through its hash table, its entry, the stored key string and that
 * string's parent, each a likely cache miss while the parser streams megabytes past; here a lookup
 * reads one slot and one run of codes, and the stored keys pin no text.
 */

const INITIAL_SLOTS = 64;
/** Per slot: the key's hash, value + 1 (0: empty), and its codes' start and length in the pool. */
const SLOT_STRIDE = 4;

/** FNV-1a over the UTF-16 code units, as a 32-bit integer. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

export class KeyTable {
  private slots = new Int32Array(INITIAL_SLOTS * SLOT_STRIDE);
  private mask = INITIAL_SLOTS - 1;
  private codes = new Uint16Array(1024);
  private codeCount = 0;
  size = 0;

  /** The value of `key`, or -1. */
  get(key: string): number {
    const h = hashOf(key);
    const slots = this.slots;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const at = i * SLOT_STRIDE;
      const value = slots[at + 1]! - 1;
      if (value < 0) return -1;
      if (slots[at] === h && this.isKeyAt(key, slots[at + 2]!, slots[at + 3]!)) return value;
    }
  }

  /** Adds `key` (not in the table yet) with a value of 0 or more. */
  set(key: string, value: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    if (this.codeCount + key.length > this.codes.length) {
      const codes = new Uint16Array(Math.max(this.codes.length * 2, this.codeCount + key.length));
      codes.set(this.codes.subarray(0, this.codeCount));
      this.codes = codes;
    }
    const start = this.codeCount;
    for (let i = 0; i < key.length; i++) this.codes[start + i] = key.charCodeAt(i);
    this.codeCount += key.length;
    this.place(hashOf(key), value, start, key.length);
    this.size++;
  }

  private isKeyAt(key: string, start: number, length: number): boolean {
    if (key.length !== length) return false;
    const codes = this.codes;
    for (let i = 0; i < length; i++) if (codes[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  private place(h: number, value: number, start: number, length: number): void {
    const slots = this.slots;
    let i = h & this.mask;
    while (slots[i * SLOT_STRIDE + 1] !== 0) i = (i + 1) & this.mask;
    const at = i * SLOT_STRIDE;
    slots[at] = h;
    slots[at + 1] = value + 1;
    slots[at + 2] = start;
    slots[at + 3] = length;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = (this.mask + 1) * 2 - 1;
    for (let at = 0; at < old.length; at += SLOT_STRIDE) {
      if (old[at + 1] !== 0) this.place(old[at]!, old[at + 1]! - 1, old[at + 2]!, old[at + 3]!);
    }
  }
}
