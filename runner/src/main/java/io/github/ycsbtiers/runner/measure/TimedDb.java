package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.runner.workload.OperationRunner;
import io.github.ycsbtiers.runner.workload.TimingSink;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Times every call of a binding and counts its return code, so bindings contain no measurement
 * code (upstream's {@code DBWrapper} does the same). One instance per client thread, which lets it
 * hold that client's intended start time in a plain field. A runtime exception thrown by the
 * binding becomes {@link Status#ERROR} for that operation: failures are counted, never fatal.
 */
public final class TimedDb extends DB implements TimingSink {
  private final DB db;
  private final FailureLog failures;
  // Not final: a warm-up records into its own registry, then the engine switches every client to
  // the measured one while none has an operation in flight (its hand-over orders the writes).
  private MeasurementRegistry registry;
  private boolean eachError;
  private Set<String> trackedErrors;
  private boolean recordsIntended;
  private long intendedStartNanos;

  public TimedDb(DB db, MeasurementRegistry registry, FailureLog failures) {
    this.db = db;
    this.failures = failures;
    measureInto(registry);
  }

  /**
   * Records from now on into {@code target}. Only while this client has no operation in flight,
   * and before the thread that records next is handed the client.
   */
  public void measureInto(MeasurementRegistry target) {
    this.registry = target;
    this.eachError = target.options().reportLatencyForEachError();
    this.trackedErrors = target.options().latencyTrackedErrors();
    this.recordsIntended = target.recordsIntended();
  }

  /** The binding being timed. */
  public DB delegate() {
    return db;
  }

  /**
   * Sets when the next operation should have started under throttling; 0 means "when it
   * actually starts", which makes intended and actual latency equal.
   */
  public void setIntendedStartNanos(long nanos) {
    this.intendedStartNanos = nanos;
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void cleanup() throws DBException {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    db.cleanup();
    // As upstream: CLEANUP has a latency but no return code.
    measureLatency("CLEANUP", ist, st, System.nanoTime());
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    Status s;
    try {
      s = db.read(table, key, fields, result);
    } catch (RuntimeException e) {
      failures.thrown("READ", e);
      s = Status.ERROR;
    }
    return record("READ", s, ist, st, System.nanoTime());
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    Status s;
    try {
      s = db.scan(table, startkey, recordcount, fields, result);
    } catch (RuntimeException e) {
      failures.thrown("SCAN", e);
      s = Status.ERROR;
    }
    return record("SCAN", s, ist, st, System.nanoTime());
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    Status s;
    try {
      s = db.update(table, key, values);
    } catch (RuntimeException e) {
      failures.thrown("UPDATE", e);
      s = Status.ERROR;
    }
    return record("UPDATE", s, ist, st, System.nanoTime());
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    Status s;
    try {
      s = db.insert(table, key, values);
    } catch (RuntimeException e) {
      failures.thrown("INSERT", e);
      s = Status.ERROR;
    }
    return record("INSERT", s, ist, st, System.nanoTime());
  }

  @Override
  public Status delete(String table, String key) {
    long st = System.nanoTime();
    long ist = intendedStart(st);
    Status s;
    try {
      s = db.delete(table, key);
    } catch (RuntimeException e) {
      failures.thrown("DELETE", e);
      s = Status.ERROR;
    }
    return record("DELETE", s, ist, st, System.nanoTime());
  }

  @Override
  public void record(String measurement, Status status, long startNanos, long endNanos) {
    if (OperationRunner.VERIFY.equals(measurement)) {
      // as upstream: the check has no intended start of its own
      registry.measure(measurement, (int) ((endNanos - startNanos) / 1000));
    } else {
      measureLatency(measurement, intendedStart(startNanos), startNanos, endNanos);
    }
    if (status != null) {
      registry.reportStatus(measurement, status);
    }
  }

  /**
   * Records one operation the engine executed itself (asynchronously): its latency from
   * {@code startNanos}, from {@code intendedStartNanos}, and its return code, exactly as the
   * synchronous calls above do. A non-null {@code thrown} is kept as a cause and the status
   * becomes {@link Status#ERROR}. Thread-safe.
   *
   * @return the status counted
   */
  public Status recordOperation(String op, Status status, Throwable thrown, long intendedStartNanos,
                                long startNanos, long endNanos) {
    Status s = status;
    if (thrown != null) {
      failures.thrown(op, thrown);
      s = Status.ERROR;
    }
    return record(op, s, intendedStartNanos, startNanos, endNanos);
  }

  /** Records a latency with no return code (READ-MODIFY-WRITE, as upstream). Thread-safe. */
  public void recordLatency(String measurement, long intendedStartNanos, long startNanos, long endNanos) {
    measureLatency(measurement, intendedStartNanos, startNanos, endNanos);
  }

  /**
   * Records that an operation due at {@code dueNanos} on the {@code -target} schedule was sent at
   * {@code sentNanos} (see {@link SendLateness}). Thread-safe.
   */
  public void recordSendLateness(long dueNanos, long sentNanos) {
    registry.measureSendLateness(sentNanos - dueNanos);
  }

  /**
   * The intended start of an operation sent at {@code sentNanos}: its due time {@code dueNanos} on
   * the {@code -target} schedule, whose lateness is recorded, or the send itself when unthrottled
   * ({@code dueNanos} 0). Thread-safe.
   */
  public long scheduledStart(long dueNanos, long sentNanos) {
    if (dueNanos == 0) {
      return sentNanos;
    }
    recordSendLateness(dueNanos, sentNanos);
    return dueNanos;
  }

  /** When an operation that actually starts at {@code actualStart} should have started (see {@link #setIntendedStartNanos}). */
  public long intendedStartFor(long actualStart) {
    return intendedStart(actualStart);
  }

  private long intendedStart(long actualStart) {
    long ist = intendedStartNanos;
    return ist == 0 ? actualStart : ist;
  }

  private Status record(String op, Status status, long ist, long st, long en) {
    Status s = status == null ? Status.ERROR : status;
    String name = op;
    if (!s.isOk()) {
      name = eachError || trackedErrors.contains(s.getName()) ? op + "-" + s.getName() : op + "-FAILED";
    }
    measureLatency(name, ist, st, en);
    registry.reportStatus(op, s);
    return s;
  }

  private void measureLatency(String name, long ist, long st, long en) {
    registry.measure(name, (int) ((en - st) / 1000));
    if (recordsIntended) {
      registry.measureIntended(name, (int) ((en - ist) / 1000));
    }
  }
}
