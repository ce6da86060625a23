package io.github.ycsbtiers.api;

/**
 * The names under which a binding states what the server (or the embedded store) and its device
 * used, so that the runner can say which one limited a phase ({@code [BOTTLENECK]}). A binding
 * adds them to its own report section (the redis binding's {@code [SERVER]}, the tiered store's
 * {@code [TIER]}) over the measured phase, and to its timeline rows over each row; the runner
 * reads them by these names from any section or row object, and a binding that has none of them
 * gets a verdict from the client's own figures. Every figure is a rate over its window (cores, a
 * share of time, a mean queue), so that a row and a phase read alike.
 */
public final class ResourceFigures {
  /**
   * Cores used by the busiest thread that serves operations in order: a Redis master's main thread
   * (the busiest master's, for a Cluster), or the embedded store's busiest loop. Near 1.0 that
   * thread had no time to spare.
   */
  public static final String SERVER_THREAD_CORES = "ServerThreadCores";
  /**
   * Which thread {@link #SERVER_THREAD_CORES} measures, a label: {@link #MAIN_THREAD},
   * {@link #PROCESS} (a server that reports no per-thread CPU: its whole process, taken as one
   * thread) or {@link #STORE_LOOP}.
   */
  public static final String SERVER_THREAD = "ServerThread";
  public static final String MAIN_THREAD = "main-thread";
  public static final String PROCESS = "process";
  public static final String STORE_LOOP = "store-loop";
  /**
   * Cores used by the embedded store's own threads (its loops, its I/O pool, its engine's
   * background threads) inside the client's process, whose CPU time includes them: the runner
   * takes them off to find the client's own.
   */
  public static final String STORE_CPU_CORES = "StoreCpuCores";
  /** The block device the embedded store's files are on, a label such as {@code vda (254:0)}. */
  public static final String DEVICE = "Device";
  /** The share of the window the device had a request in flight ({@code /proc/diskstats} time doing I/O), 0 to 1. */
  public static final String DEVICE_UTILISATION = "DeviceUtilisation";
  /** The mean number of requests in flight at the device over the window ({@code /proc/diskstats} weighted time). */
  public static final String DEVICE_QUEUE = "DeviceQueue";

  private ResourceFigures() {
  }
}
