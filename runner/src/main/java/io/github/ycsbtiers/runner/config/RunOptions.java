package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.runner.profile.ProfileOptions;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The runner's own settings, read once from the merged properties: which binding and workload,
 * how many client threads, the throughput target, how many operations, and what to report.
 * Property names and defaults are upstream YCSB's; every count is 64-bit.
 */
public final class RunOptions {
  public static final String DB = "db";
  public static final String WORKLOAD = "workload";
  public static final String THREAD_COUNT = "threadcount";
  public static final String TARGET = "target";
  public static final String DO_TRANSACTIONS = "dotransactions";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_COUNT = "insertcount";
  public static final String STATUS = "status";
  public static final String STATUS_INTERVAL = "status.interval";
  public static final String LABEL = "label";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
  public static final String MIN_EXECUTION_TIME = "minexecutiontime";
  public static final String TRACK_JVM = "measurement.trackjvm";
  public static final String EXPORT_FILE = "exportfile";
  public static final String DEFAULT_DB = "site.ycsb.BasicDB";
  public static final String ENGINE = "runner.engine";
  public static final String ENGINE_THREADS = "runner.engine.threads";
  public static final String DRY_RUN = "runner.dryrun";

  /**
   * How operations are driven: one blocking thread per client, many in flight on a few threads,
   * or (the default) async where the binding and the workload allow it, sync otherwise.
   */
  public enum Engine { SYNC, ASYNC, AUTO }

  private final String dbClass;
  private final String workloadClass;
  private final int threads;
  private final long targetOpsPerSecond;
  private final boolean transactions;
  private final long operationCount;
  private final boolean status;
  private final int statusIntervalSeconds;
  private final String label;
  private final long maxExecutionSeconds;
  private final long minExecutionSeconds;
  private final boolean trackJvm;
  private final String exportFile;
  private final boolean timeseriesStatusToStdout;
  private final Engine engine;
  private final int engineThreads;
  private final WarmupOptions warmup;
  private final boolean dryRun;
  private final TimelineOptions timeline;
  private final ProfileOptions profile;

  private RunOptions(PropertyReader r) {
    String workload = r.string(WORKLOAD, null);
    if (workload == null || workload.isEmpty()) {
      throw new ConfigException("missing property '" + WORKLOAD + "': name a workload class, e.g. "
          + "-P workloads/workloada or -p workload=site.ycsb.workloads.CoreWorkload");
    }
    this.workloadClass = workload;
    this.dbClass = r.string(DB, DEFAULT_DB);
    this.threads = r.intValue(THREAD_COUNT, 1, 1, 1_000_000);
    this.targetOpsPerSecond = r.longValue(TARGET, 0, 0, Long.MAX_VALUE);
    this.transactions = r.bool(DO_TRANSACTIONS, true);
    long records = r.longValue(RECORD_COUNT, 0, 0, Long.MAX_VALUE);
    if (records == 0) {
      // as the core workload: no recordcount means 2^31-1 records, not an endless load
      records = Integer.MAX_VALUE;
    }
    this.warmup = WarmupOptions.fromProperties(r);
    this.profile = profile(r, targetOpsPerSecond, transactions, warmup.enabled(), threads);
    if (profile != null) {
      // the profile says how many operations this process's clients run
      this.operationCount = profile.processOperations();
    } else if (transactions) {
      this.operationCount = r.longValue(OPERATION_COUNT, 0, 0, Long.MAX_VALUE);
    } else if (r.isSet(INSERT_COUNT)) {
      this.operationCount = r.longValue(INSERT_COUNT, 0, 0, Long.MAX_VALUE);
    } else {
      // Upstream loads recordcount records here even when insertstart is set, running past the
      // end of the key space; the workload's own default for insertcount is the right count.
      long start = r.longValue("insertstart", 0, 0, Long.MAX_VALUE);
      this.operationCount = Math.max(0, records - start);
    }
    this.status = r.bool(STATUS, false);
    this.statusIntervalSeconds = (int) r.duration(STATUS_INTERVAL, 10, TimeUnit.SECONDS, 1, 86_400);
    // Not trimmed: the label is printed verbatim in front of the time stamp.
    this.label = r.properties().getProperty(LABEL, "");
    this.maxExecutionSeconds = r.duration(MAX_EXECUTION_TIME, 0, TimeUnit.SECONDS, 0, Long.MAX_VALUE / 1000);
    this.minExecutionSeconds = r.duration(MIN_EXECUTION_TIME, 0, TimeUnit.SECONDS, 0, 86_400);
    if (minExecutionSeconds > 0 && !transactions) {
      throw PropertyException.badValue(MIN_EXECUTION_TIME, r.string(MIN_EXECUTION_TIME, ""), "0 or unset for load:"
          + " it applies to run phases only (a load inserts each of its records once)");
    }
    if (minExecutionSeconds > 0 && maxExecutionSeconds > 0 && minExecutionSeconds > maxExecutionSeconds) {
      throw PropertyException.badValue(MIN_EXECUTION_TIME, r.string(MIN_EXECUTION_TIME, ""), "0 to "
          + MAX_EXECUTION_TIME + " (" + maxExecutionSeconds + " s)");
    }
    if (profile != null && minExecutionSeconds > 0) {
      throw PropertyException.badValue(ProfileOptions.PROFILE, profile.text(), "only without " + MIN_EXECUTION_TIME
          + ": the profile fixes the phase's length");
    }
    this.trackJvm = r.bool(TRACK_JVM, false);
    this.exportFile = r.string(EXPORT_FILE, null);
    // upstream's default, applied by YCSB core's measurements
    this.timeseriesStatusToStdout = "timeseries".equals(r.string("measurementtype", "hdrhistogram"));
    this.engine = Engine.valueOf(r.choice(ENGINE, "auto", "auto", "sync", "async").toUpperCase(java.util.Locale.ROOT));
    this.engineThreads = r.intValue(ENGINE_THREADS, Runtime.getRuntime().availableProcessors(), 1, 4096);
    this.dryRun = r.bool(DRY_RUN, false);
    this.timeline = TimelineOptions.fromProperties(r, statusIntervalSeconds);
  }

  private static ProfileOptions profile(PropertyReader r, long target, boolean transactions, boolean warmup,
                                        int threads) {
    if (!r.isSet(ProfileOptions.PROFILE)) {
      return ProfileOptions.fromProperties(r, target, transactions, warmup, 1, 0, threads);
    }
    ClientOptions clients = ClientOptions.fromProperties(r.properties(), System.getenv());
    return ProfileOptions.fromProperties(r, target, transactions, warmup, clients.count(), clients.index(), threads);
  }

  /** The phase's rate profile ({@code target.profile}), or null: constant {@code -target} or unthrottled. */
  public ProfileOptions profile() {
    return profile;
  }

  /** Where and how often the run's timeline rows are written ({@code timeline.file}, {@code timeline.interval}). */
  public TimelineOptions timeline() {
    return timeline;
  }

  /**
   * Whether the run stops once every setting has been checked and the load shape stated, before
   * any binding is initialised (nothing is connected to, loaded or written).
   */
  public boolean dryRun() {
    return dryRun;
  }

  public static RunOptions fromProperties(Properties props) {
    return new RunOptions(new PropertyReader(props));
  }

  public String dbClass() {
    return dbClass;
  }

  public String workloadClass() {
    return workloadClass;
  }

  public int threads() {
    return threads;
  }

  /** The logical clients a phase runs: {@code -threads}, but no more than its operations (0: unbounded). */
  public int logicalClients() {
    return operationCount > 0 && threads > operationCount ? (int) operationCount : threads;
  }

  /** Total operations per second over all threads; 0 means unthrottled. */
  public long targetOpsPerSecond() {
    return targetOpsPerSecond;
  }

  /** True for the run (transaction) phase, false for load. */
  public boolean transactions() {
    return transactions;
  }

  /**
   * Operations to do in all: operationcount, or for load insertcount (default recordcount -
   * insertstart); 0 = unbounded.
   */
  public long operationCount() {
    return operationCount;
  }

  public boolean status() {
    return status;
  }

  public int statusIntervalSeconds() {
    return statusIntervalSeconds;
  }

  public String label() {
    return label;
  }

  /** Seconds after which the workload is asked to stop; 0 means no limit. */
  public long maxExecutionSeconds() {
    return maxExecutionSeconds;
  }

  /**
   * {@code minexecutiontime}: seconds the measured run phase lasts at least; a client that has done
   * its share of {@code operationcount} goes on until then. 0 (the default): the operation count alone.
   */
  public long minExecutionSeconds() {
    return minExecutionSeconds;
  }

  public boolean trackJvm() {
    return trackJvm;
  }

  /** File the report is written to, or null for standard output. */
  public String exportFile() {
    return exportFile;
  }

  public Engine engine() {
    return engine;
  }

  /** OS threads of the {@code async} engine (at most one per operation in flight). */
  public int engineThreads() {
    return engineThreads;
  }

  /** The unmeasured warm-up before the phase ({@code warmuptime}). */
  public WarmupOptions warmup() {
    return warmup;
  }

  /** Upstream also prints status lines to standard output for {@code measurementtype=timeseries}. */
  public boolean statusToStdout() {
    return timeseriesStatusToStdout;
  }
}
