package io.github.ycsbtiers.tiered.store;

/** Receives the records of a scan in key order. */
@FunctionalInterface
public interface ScanConsumer {
  /**
   * @param key   the record's key
   * @param value the stored value; a fresh array the consumer may keep
   */
  void accept(String key, byte[] value);
}
