package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ClientOptions;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.workload.generator.SeededLongGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededUniformGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededZipfianGenerator;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's core workload with 64-bit record counts and key numbers: the same properties, key names,
 * values and operation mix as upstream {@code site.ycsb.workloads.CoreWorkload}, without its
 * 2^31-1 limit and with every request distribution starting in O(1) (see {@link
 * CoreWorkloadOptions} for the properties).
 *
 * <p>Engines use it in two steps: {@link #nextInsert} or {@link #nextTransaction} fill a reusable
 * {@link io.github.ycsbtiers.runner.workload.Operation}, then {@link #execute} runs it on the
 * engine's timing decorator (or the engine runs it itself, see {@link #runner()}). Upstream's own
 * client keeps working through
 * {@link #doInsert} and {@link #doTransaction}, which report READ-MODIFY-WRITE and VERIFY to
 * upstream's {@link Measurements}.
 *
 * <p>Differences from upstream: a failed load-phase insert is counted and the thread goes on
 * ({@code doInsert} returns true), where upstream ends the client thread; property values are
 * checked strictly (see {@link CoreWorkloadOptions}). All methods but {@link #init} are thread-safe.
 *
 * <p>Every draw (operation kind, key number, field, field length, scan length) comes from the
 * {@link WorkloadRandom} that the operation being filled carries, one per logical client, seeded
 * from the client's seed ({@link ClientOptions#seed()}, from {@code client.seed} and
 * {@code client.index}) and the client's thread number ({@link #newOperation}). So the same seed,
 * index and thread count give every thread the same sequence, except where a draw depends on
 * other threads: the key numbers of load-phase and run-phase inserts come from counters shared by
 * all threads, and {@code latest}, {@code exponential} and the redraw of keys not inserted yet
 * follow the shared count of acknowledged inserts. The bytes of random values are not repeatable.
 */
public class LongCoreWorkload extends Workload {
  // Operation is written out in full below: the inherited enum Workload.Operation shadows it.

  private CoreWorkloadOptions options;
  private KeyNamer keys;
  private RecordValues values;
  private CounterGenerator loadKeys;
  private AcknowledgedCounterGenerator transactionKeys;
  private KeyChooser keyChooser;
  private SeededLongGenerator scanLength;
  private long clientSeed;
  private OperationChooser operations;
  private OperationRunner runner;
  private volatile TimingSink upstreamSink;

  public LongCoreWorkload() {
  }

  /** Lines for stderr once the workload is initialised: what a property resolved to (the Gaussian's deviation). */
  public List<String> startupNotes() {
    return options != null && options.gaussian() != null
        ? List.of(options.gaussian().describe(options.insertStart(), options.lastInsertKey()))
        : List.of();
  }

  /**
   * Parses the properties and builds the generators.
   *
   * @throws WorkloadException with the one-line message of the {@link PropertyException} (kept as
   *     the cause) for an unusable property, or for an unreadable field length histogram
   */
  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      options = CoreWorkloadOptions.fromProperties(p);
    } catch (PropertyException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    try {
      values = RecordValues.create(options);
    } catch (IOException | RuntimeException e) {
      throw new WorkloadException("cannot read field length histogram file '"
          + options.fieldLengthHistogramFile() + "' (property fieldlengthhistogram): " + e.getMessage(), e);
    }
    try {
      clientSeed = ClientOptions.fromProperties(p, System.getenv()).seed();
    } catch (PropertyException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    keys = new KeyNamer(options.zeroPadding(), options.orderedInserts());
    loadKeys = new CounterGenerator(options.insertStart());
    transactionKeys = new AcknowledgedCounterGenerator(options.recordCount());
    keyChooser = new KeyChooser(options, transactionKeys);
    scanLength = options.scanLengthDistribution() == CoreWorkloadOptions.ScanLengthDistribution.ZIPFIAN
        ? new SeededZipfianGenerator(options.minScanLength(), options.maxScanLength())
        : new SeededUniformGenerator(options.minScanLength(), options.maxScanLength());
    operations = new OperationChooser(options);
    runner = new OperationRunner(options, values, transactionKeys);
  }

  /**
   * A per-thread {@link io.github.ycsbtiers.runner.workload.Operation} that {@link #doInsert} and
   * {@link #doTransaction} refill, seeded for thread {@code threadId} (see {@link #newOperation}).
   */
  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    return newOperation(threadId);
  }

  /**
   * The operation that logical client {@code clientId} (a thread of the {@code sync} engine, an
   * operation in flight of the {@code async} engine, numbered from 0) refills for every operation,
   * with its random stream: {@link WorkloadRandom#forThread} of this client's seed and
   * {@code clientId}. Call after {@link #init}.
   */
  public io.github.ycsbtiers.runner.workload.Operation newOperation(int clientId) {
    return new io.github.ycsbtiers.runner.workload.Operation(WorkloadRandom.forThread(clientSeed, clientId));
  }

  public CoreWorkloadOptions options() {
    return options;
  }

  public KeyNamer keyNamer() {
    return keys;
  }

  /** The executor behind {@link #execute}, for engines that verify or acknowledge themselves. */
  public OperationRunner runner() {
    return runner;
  }

  /** Fills {@code op} with the next load-phase insert: key numbers count up from insertstart. */
  public void nextInsert(io.github.ycsbtiers.runner.workload.Operation op) {
    long keyNumber = loadKeys.nextValue();
    String key = keys.name(keyNumber);
    op.reset(OperationKind.INSERT, options.table(), keyNumber, key).withValues(values.allValues(key, op.random()));
  }

  /**
   * Fills {@code op} with the next run-phase operation, its kind chosen by the proportions. An
   * insert takes the next key number after recordcount from the acknowledged counter and must be
   * acknowledged after it ran ({@link #execute} does that).
   *
   * @throws ConfigException if every proportion is 0
   */
  public void nextTransaction(io.github.ycsbtiers.runner.workload.Operation op) {
    if (operations.isEmpty()) {
      throw new ConfigException("no run-phase operation: readproportion, updateproportion, insertproportion, "
          + "scanproportion and readmodifywriteproportion are all 0");
    }
    WorkloadRandom random = op.random();
    switch (operations.next(random)) {
      case READ -> {
        long keyNumber = keyChooser.next(random);
        op.reset(OperationKind.READ, options.table(), keyNumber, keys.name(keyNumber)).withFields(readFields(random));
      }
      case UPDATE -> {
        long keyNumber = keyChooser.next(random);
        String key = keys.name(keyNumber);
        op.reset(OperationKind.UPDATE, options.table(), keyNumber, key).withValues(writeValues(key, random));
      }
      case INSERT -> {
        long keyNumber = transactionKeys.nextValue();
        String key = keys.name(keyNumber);
        op.reset(OperationKind.INSERT, options.table(), keyNumber, key)
            .withValues(values.allValues(key, random))
            .withAcknowledgedKey();
      }
      case SCAN -> {
        long keyNumber = keyChooser.next(random);
        op.reset(OperationKind.SCAN, options.table(), keyNumber, keys.name(keyNumber))
            .withScanLength((int) scanLength.next(random))
            .withFields(options.readAllFields() ? null : values.oneField(random));
      }
      default -> {
        long keyNumber = keyChooser.next(random);
        String key = keys.name(keyNumber);
        op.reset(OperationKind.READ_MODIFY_WRITE, options.table(), keyNumber, key)
            .withFields(options.readAllFields() ? null : values.oneField(random))
            .withValues(writeValues(key, random));
      }
    }
  }

  /** Executes a filled operation; see {@link OperationRunner#execute}. Never throws for a DB failure. */
  public Status execute(DB db, io.github.ycsbtiers.runner.workload.Operation op, TimingSink sink) {
    return runner.execute(db, op, sink);
  }

  /** Upstream client entry point; a failed insert is counted by the DB wrapper, not fatal. */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    io.github.ycsbtiers.runner.workload.Operation op = operationOf(threadState);
    nextInsert(op);
    execute(db, op, upstreamSink());
    return true;
  }

  /** Upstream client entry point; false (ending the thread) only if every proportion is 0. */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    if (operations.isEmpty()) {
      return false;
    }
    io.github.ycsbtiers.runner.workload.Operation op = operationOf(threadState);
    nextTransaction(op);
    execute(db, op, upstreamSink());
    return true;
  }

  /** The counter of run-phase insert key numbers; its last value is the newest acknowledged key. */
  AcknowledgedCounterGenerator transactionKeys() {
    return transactionKeys;
  }

  private Set<String> readFields(WorkloadRandom random) {
    if (!options.readAllFields()) {
      return values.oneField(random);
    }
    // dataintegrity names every field so that each one is verified
    return options.dataIntegrity() || options.readAllFieldsByName() ? values.allFields() : null;
  }

  private Map<String, ByteIterator> writeValues(String key, WorkloadRandom random) {
    return options.writeAllFields() ? values.allValues(key, random) : values.oneValue(key, random);
  }

  private static io.github.ycsbtiers.runner.workload.Operation operationOf(Object threadState) {
    if (threadState instanceof io.github.ycsbtiers.runner.workload.Operation op) {
      return op;
    }
    return new io.github.ycsbtiers.runner.workload.Operation();
  }

  // Looked up lazily: engines that call execute() never touch upstream's Measurements singleton.
  private TimingSink upstreamSink() {
    TimingSink sink = upstreamSink;
    if (sink == null) {
      sink = new MeasurementsTimingSink(Measurements.getMeasurements());
      upstreamSink = sink;
    }
    return sink;
  }
}
