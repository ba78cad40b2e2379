// Ordered container for index entries: a list of sorted blocks, so inserts and deletes cost
// O(log n + blockSize) instead of shifting one huge array.
const MAX_BLOCK = 1024;

export class SortedList<T> {
  private blocks: T[][] = [];
  private count = 0;

  constructor(private readonly cmp: (a: T, b: T) => number) {}

  get size(): number {
    return this.count;
  }

  /** Index of the first block whose last item is >= probe (or the last block). */
  private findBlock(probe: T): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (this.cmp(block[block.length - 1], probe) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBoundIn(block: T[], probe: T): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(block[mid], probe) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Replaces the contents with items already in ascending order (bulk index builds). */
  loadSorted(items: T[]): void {
    this.blocks = [];
    for (let i = 0; i < items.length; i += MAX_BLOCK >> 1) this.blocks.push(items.slice(i, i + (MAX_BLOCK >> 1)));
    this.count = items.length;
  }

  insert(item: T): void {
    this.count++;
    if (!this.blocks.length) {
      this.blocks.push([item]);
      return;
    }
    const bi = this.findBlock(item);
    const block = this.blocks[bi];
    block.splice(this.lowerBoundIn(block, item), 0, item);
    if (block.length > MAX_BLOCK) this.blocks.splice(bi + 1, 0, block.splice(MAX_BLOCK >> 1));
  }

  /** Removes the item comparing equal to `item`; returns whether it was present. */
  delete(item: T): boolean {
    if (!this.blocks.length) return false;
    const bi = this.findBlock(item);
    const block = this.blocks[bi];
    const pos = this.lowerBoundIn(block, item);
    if (pos >= block.length || this.cmp(block[pos], item) !== 0) return false;
    block.splice(pos, 1);
    if (!block.length) this.blocks.splice(bi, 1);
    this.count--;
    return true;
  }

  /** The smallest item >= probe, without creating an iterator. */
  firstAtLeast(probe: T): T | undefined {
    if (!this.blocks.length) return undefined;
    let bi = this.findBlock(probe);
    let pos = this.lowerBoundIn(this.blocks[bi], probe);
    if (pos >= this.blocks[bi].length) {
      bi++;
      pos = 0;
    }
    return this.blocks[bi]?.[pos];
  }

  /** Items >= from in ascending order (all items when from is undefined). */
  *ascending(from?: T): Generator<T> {
    if (!this.blocks.length) return;
    let bi = from === undefined ? 0 : this.findBlock(from);
    let pos = from === undefined ? 0 : this.lowerBoundIn(this.blocks[bi], from);
    for (; bi < this.blocks.length; bi++, pos = 0) {
      const block = this.blocks[bi];
      for (; pos < block.length; pos++) yield block[pos];
    }
  }

  /** Items <= from in descending order (all items when from is undefined). */
  *descending(from?: T): Generator<T> {
    for (let bi = this.blocks.length - 1; bi >= 0; bi--) {
      const block = this.blocks[bi];
      for (let pos = block.length - 1; pos >= 0; pos--) {
        if (from !== undefined && this.cmp(block[pos], from) > 0) continue;
        yield block[pos];
      }
    }
  }
}
