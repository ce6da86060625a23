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
 *
 * <p>A walk that never sought has seen every record from the first to the last: it then knows
 * whether the list held every record the database has (a warm start whose saved keys are all the
 * records needs no scan for more).
 */
final class OrderedGets {
  /** Records the iterator steps over before it seeks instead (a step is a few hundred ns, a seek can read the device). */
  static final int MAX_STEPS = 32;

  private final RocksIterator it;
  /** The iterator's key is copied into this, not into a new array per record (grown as needed). */
  private byte[] current = new byte[64];
  private boolean sought;
  private boolean unlisted;
  /** Whether the iterator stands on a record the list named (stepping past it passes no unlisted record). */
  private boolean onListed;

  private OrderedGets(RocksIterator it) {
    this.it = it;
  }

  /**
   * Puts the value of {@code keys[i]} (in ascending unsigned-byte order; repeats allowed) into
   * {@code values[i]}, or null where the key is not stored; returns whether the keys named every
   * record the database holds.
   */
  static boolean read(RocksIterator it, byte[][] keys, byte[][] values) throws RocksDBException {
    OrderedGets walk = new OrderedGets(it);
    it.seekToFirst();
    for (int i = 0; i < keys.length; i++) {
      values[i] = walk.valueOf(keys[i]);
    }
    if (it.isValid() && walk.onListed) {
      it.next();
    }
    boolean more = it.isValid();
    it.status();
    return !walk.sought && !walk.unlisted && !more;
  }

  /**
   * The iterator stands at the first record at or after the previous key: no record lies between
   * the previous key and it, so a key below it is not stored.
   */
  private byte[] valueOf(byte[] key) {
    for (int steps = 0; it.isValid() && steps <= MAX_STEPS; steps++) {
      int c = compareCurrent(key);
      if (c == 0) {
        onListed = true;
        return it.value();
      }
      if (c > 0) {
        return null;
      }
      unlisted |= !onListed;
      onListed = false;
      it.next();
    }
    if (!it.isValid()) {
      return null; // past the last record: no later key is stored either
    }
    sought = true;
    it.seek(key);
    onListed = it.isValid() && compareCurrent(key) == 0;
    return onListed ? it.value() : null;
  }

  /** The iterator's key against {@code key}, as {@link Arrays#compareUnsigned}. */
  private int compareCurrent(byte[] key) {
    int length = it.key(current);
    if (length > current.length) {
      current = new byte[Math.max(length, 2 * current.length)];
      length = it.key(current);
    }
    return Arrays.compareUnsigned(current, 0, length, key, 0, key.length);
  }
}
