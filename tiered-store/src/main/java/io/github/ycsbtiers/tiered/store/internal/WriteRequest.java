package io.github.ycsbtiers.tiered.store.internal;

/**
 * One put (value not null) or delete waiting in a {@link GroupCommit}. The leader that commits it
 * sets the outcome, then {@code done}; the submitter reads the outcome after seeing {@code done}.
 */
public final class WriteRequest {
  final byte[] key;
  final byte[] value;
  final Thread waiter;
  boolean existed;
  Throwable failure;
  volatile boolean done;

  WriteRequest(byte[] key, byte[] value) {
    this.key = key;
    this.value = value;
    this.waiter = Thread.currentThread();
  }

  public byte[] key() {
    return key;
  }

  /** The value to put, or null for a delete. */
  public byte[] value() {
    return value;
  }

  /** For a delete: records whether the key was there. */
  public void existed(boolean existed) {
    this.existed = existed;
  }
}
