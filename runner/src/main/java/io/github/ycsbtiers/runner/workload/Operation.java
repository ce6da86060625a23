package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.ByteIterator;

/**
 * One operation produced by a workload as a value, for an engine to execute. An engine owns one
 * instance per logical client and the workload refills it for every operation, so the only
 * per-operation allocations are the key and the values being written.
 *
 * <p>Fields by kind: INSERT and UPDATE use {@link #values()}; READ uses {@link #fields()} (null
 * means all fields) and fills {@link #readResult()}; SCAN uses {@link #fields()} and
 * {@link #scanLength()} and fills {@link #scanResult()}; READ_MODIFY_WRITE reads
 * {@link #fields()} into {@link #readResult()} and then writes {@link #values()}; DELETE uses the
 * key only.
 *
 * <p>An operation also carries its client's seeded random stream, from which the workload draws
 * the client's next operation: {@link LongCoreWorkload#newOperation} gives one seeded from the
 * client's seed and number, so the sequence can be repeated; {@link #Operation()} one seeded
 * from a seed nobody chose.
 */
public final class Operation {
  private OperationKind kind;
  private String table;
  private long keyNumber;
  private String key;
  private Set<String> fields;
  private Map<String, ByteIterator> values;
  private int scanLength;
  private boolean acknowledgesKey;
  private final HashMap<String, ByteIterator> readResult = new HashMap<>();
  private final Vector<HashMap<String, ByteIterator>> scanResult = new Vector<>();
  private final WorkloadRandom random;

  /** An operation whose draws cannot be repeated; see {@link LongCoreWorkload#newOperation}. */
  public Operation() {
    this(new WorkloadRandom(ThreadLocalRandom.current().nextLong()));
  }

  /** An operation whose client draws from {@code random}, which it alone uses. */
  public Operation(WorkloadRandom random) {
    this.random = random;
  }

  /** The client's random stream. */
  public WorkloadRandom random() {
    return random;
  }

  /** Resets this operation to a new kind and key; clears results and per-kind fields. */
  public Operation reset(OperationKind newKind, String newTable, long newKeyNumber, String newKey) {
    this.kind = newKind;
    this.table = newTable;
    this.keyNumber = newKeyNumber;
    this.key = newKey;
    this.fields = null;
    this.values = null;
    this.scanLength = 0;
    this.acknowledgesKey = false;
    // Most operations leave both empty; skip the table sweep and Vector's lock then.
    if (!readResult.isEmpty()) {
      readResult.clear();
    }
    if (!scanResult.isEmpty()) {
      scanResult.clear();
    }
    return this;
  }

  public Operation withFields(Set<String> newFields) {
    this.fields = newFields;
    return this;
  }

  public Operation withValues(Map<String, ByteIterator> newValues) {
    this.values = newValues;
    return this;
  }

  public Operation withScanLength(int length) {
    this.scanLength = length;
    return this;
  }

  /**
   * Marks a run-phase insert: its key number comes from the workload's acknowledged counter and
   * must be acknowledged once the insert has completed, whatever its outcome, or the
   * {@code latest} distribution and key choice never see it (see
   * {@link OperationRunner#acknowledge(Operation)}).
   */
  public Operation withAcknowledgedKey() {
    this.acknowledgesKey = true;
    return this;
  }

  /** Whether this is a run-phase insert whose key number must be acknowledged. */
  public boolean acknowledgesKey() {
    return acknowledgesKey;
  }

  public OperationKind kind() {
    return kind;
  }

  public String table() {
    return table;
  }

  /** The 64-bit key number the key name was built from (before hashing). */
  public long keyNumber() {
    return keyNumber;
  }

  public String key() {
    return key;
  }

  /** Fields to read or scan; null means all fields. */
  public Set<String> fields() {
    return fields;
  }

  /** Values to insert or update. The map is owned by the binding once handed over. */
  public Map<String, ByteIterator> values() {
    return values;
  }

  public int scanLength() {
    return scanLength;
  }

  public HashMap<String, ByteIterator> readResult() {
    return readResult;
  }

  public Vector<HashMap<String, ByteIterator>> scanResult() {
    return scanResult;
  }

  @Override
  public String toString() {
    return kind + " " + table + " " + key;
  }
}
