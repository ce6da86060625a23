package io.github.ycsbtiers.tiered.store.internal;

import java.util.Arrays;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * Looks up many keys, given in key order, with one RocksDB iterator instead of one get per key. A
 * get reads its key's block anew unless the block cache holds it, and with direct I/O and a small
 * cache (data larger than memory) each get is a read of the device even when the next key is in
 * the same block. Walking the keys in order, the iterator steps to a key that is a few records
 * ahead (the block it has read), and seeks only to one further away, so a dense list costs about
 * one read per block, and RocksDB reads ahead as the walk goes on; a sparse list costs a seek per
 * key, what a get costs.
 */
final class OrderedGets {
  /** Records the iterator steps over before it seeks instead (a step is a few hundred ns, a seek can read the device). */
  static final int MAX_STEPS = 32;

  private OrderedGets() {
  }

  /**
   * Puts the value of {@code keys[i]} (in ascending unsigned-byte order; repeats allowed) into
   * {@code values[i]}, or null where the key is not stored.
   */
  static void read(RocksIterator it, byte[][] keys, byte[][] values) throws RocksDBException {
    for (int i = 0; i < keys.length; i++) {
      values[i] = valueOf(it, keys[i]);
    }
    it.status();
  }

  /**
   * The iterator stands at the first record at or after the previous key (or is not positioned):
   * no record lies between the previous key and it, so a key below it is not stored.
   */
  private static byte[] valueOf(RocksIterator it, byte[] key) {
    for (int steps = 0; it.isValid() && steps <= MAX_STEPS; steps++) {
      int c = Arrays.compareUnsigned(it.key(), key);
      if (c == 0) {
        return it.value();
      }
      if (c > 0) {
        return null;
      }
      it.next();
    }
    it.seek(key);
    return it.isValid() && Arrays.equals(it.key(), key) ? it.value() : null;
  }
}
