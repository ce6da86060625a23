package io.github.ycsbtiers.tiered.store.internal;

/**
 * One record the DRAM tier holds. {@code value} is volatile because a write replaces it in place
 * while readers run; the hit marks ({@code referenced}, {@code hits}) are plain fields that readers
 * write without synchronization: a lost mark or increment costs the policy a little precision,
 * never correctness, and a fence per hit would cost every hit. Everything else changes under the
 * tier's lock only.
 */
final class DramEntry {
  static final int MAX_HITS = MissSketch.MAX_COUNT;

  final String key;
  volatile byte[] value;
  /** Key and value bytes, as {@link DramTier#weigh} counts them. */
  int weight;
  /** Read since the clock hand last passed: the entry gets a second chance. */
  boolean referenced;
  /** Reads of the key lately, counted from its miss count at admission, up to {@link #MAX_HITS}. */
  int hits;
  /** The tier's ageing epoch when {@code hits} was last aged; each later epoch halves it. */
  int epoch;
  /** Removed from the map: the ring drops it when the hand reaches it. */
  boolean removed;

  DramEntry(String key, byte[] value, int weight, int hits, int epoch) {
    this.key = key;
    this.value = value;
    this.weight = weight;
    this.hits = hits;
    this.epoch = epoch;
  }

  /** Called on every hit: writes a field only when it changes, so a hot entry's line stays shared. */
  void hit() {
    if (!referenced) {
      referenced = true;
    }
    if (hits < MAX_HITS) {
      hits++;
    }
  }

  /** Halves {@code hits} once per epoch passed since it was last aged; returns the result. */
  int age(int currentEpoch) {
    int passed = currentEpoch - epoch;
    if (passed != 0) {
      hits = passed >= Integer.SIZE ? 0 : hits >>> passed;
      epoch = currentEpoch;
    }
    return hits;
  }
}
