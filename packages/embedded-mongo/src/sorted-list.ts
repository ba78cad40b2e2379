// Ordered container for index entries: a list of sorted blocks, so inserts and deletes cost
// O(log n + blockSize) instead of shifting one huge array.
const MAX_BLOCK = 1024;

export class SortedList<T> {
  private blocks: T[][] = [];
  private count = 0;
  /** Bumped on every change so running iterators know to re-seek. */
  private version = 0;

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
    this.version++;
  }

  insert(item: T): void {
    this.count++;
    this.version++;
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
    this.version++;
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

  /** Number of items < probe, from block sizes: counting a range needs no walk over it. */
  rank(probe: T): number {
    const [bi, pos] = this.seek(probe, false);
    let n = pos;
    for (let i = 0; i < bi && i < this.blocks.length; i++) n += this.blocks[i].length;
    return n;
  }

  /** Position of the first item >= probe (or > probe when strict), as [block, offset]. */
  private seek(probe: T, strict: boolean): [number, number] {
    if (!this.blocks.length) return [0, 0];
    let bi = this.findBlock(probe);
    let pos = this.lowerBoundIn(this.blocks[bi], probe);
    if (strict && pos < this.blocks[bi].length && this.cmp(this.blocks[bi][pos], probe) === 0) pos++;
    if (pos >= this.blocks[bi].length) [bi, pos] = [bi + 1, 0];
    return [bi, pos];
  }

  /**
   * Items >= from in ascending order (all items when from is undefined). Iteration may be resumed after
   * the list changed (open cursors): it re-seeks past the last item it returned.
   */
  *ascending(from?: T): Generator<T> {
    let [bi, pos] = from === undefined ? [0, 0] : this.seek(from, false);
    let version = this.version;
    let last: T | undefined;
    for (;;) {
      if (version !== this.version) {
        [bi, pos] = last !== undefined ? this.seek(last, true) : from === undefined ? [0, 0] : this.seek(from, false);
        version = this.version;
      }
      const block = this.blocks[bi];
      if (!block) return;
      if (pos >= block.length) {
        [bi, pos] = [bi + 1, 0];
        continue;
      }
      last = block[pos++];
      yield last;
    }
  }

  /** All items in descending order, resumable across changes like ascending(). */
  *descending(): Generator<T> {
    let bi = this.blocks.length - 1;
    let pos = (this.blocks[bi]?.length ?? 0) - 1;
    let version = this.version;
    let last: T | undefined;
    for (;;) {
      if (version !== this.version) {
        if (last === undefined) [bi, pos] = [this.blocks.length - 1, (this.blocks[this.blocks.length - 1]?.length ?? 0) - 1];
        else {
          // the item just below `last`
          [bi, pos] = this.seek(last, false);
          pos--;
          while (bi >= 0 && pos < 0) pos = (this.blocks[--bi]?.length ?? 0) - 1;
          if (bi >= this.blocks.length) [bi, pos] = [this.blocks.length - 1, (this.blocks[this.blocks.length - 1]?.length ?? 0) - 1];
        }
        version = this.version;
      }
      if (bi < 0) return;
      const block = this.blocks[bi];
      if (!block || pos < 0) {
        bi--;
        pos = (this.blocks[bi]?.length ?? 0) - 1;
        continue;
      }
      last = block[pos--];
      yield last;
    }
  }
}
