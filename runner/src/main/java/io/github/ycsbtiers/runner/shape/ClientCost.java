package io.github.ycsbtiers.runner.shape;

import io.github.ycsbtiers.api.ResultSection;
import java.util.Locale;

/**
 * The client's own cost over the measured phase: the process's CPU time, per operation and as
 * cores used, beside the load's shape, as the {@code [CLIENT]} report section. A client that used
 * more than {@link #BUSY_SHARE} of its cores may have been the bottleneck rather than the server:
 * {@link #warning} says so.
 */
public final class ClientCost {
  /** The share of the cores above which the client warns that it may be the bottleneck. */
  public static final double BUSY_SHARE = 0.8;
  private final LoadShape shape;
  private final long cpuNanos;
  private final long runtimeMillis;
  private final long operations;
  private final int cores;

  /**
   * @param cpuNanos CPU time of the process during the measured phase, or negative when unknown
   * @param cores processors available to the JVM
   */
  public ClientCost(LoadShape shape, long cpuNanos, long runtimeMillis, long operations, int cores) {
    this.shape = shape;
    this.cpuNanos = cpuNanos;
    this.runtimeMillis = runtimeMillis;
    this.operations = operations;
    this.cores = cores;
  }

  /** Cores the process kept busy on average over the measured phase; negative when unknown. */
  public double coresUsed() {
    return cpuNanos < 0 || runtimeMillis <= 0 ? -1 : cpuNanos / 1e6 / runtimeMillis;
  }

  /** Microseconds of CPU time per operation; negative when unknown or without operations. */
  public double cpuMicrosPerOperation() {
    return cpuNanos < 0 || operations <= 0 ? -1 : cpuNanos / 1e3 / operations;
  }

  /** The {@code [CLIENT]} section: the shape, then the cost. */
  public ResultSection section() {
    ResultSection.Builder b = ResultSection.builder("CLIENT")
        .add("Engine", shape.engine())
        .add("LogicalClients", shape.logicalClients())
        .add("EngineThreads", shape.engineThreads());
    if (shape.connections() > 0) {
      b.add("ConnectionsPerServer", shape.connections())
          .add("InFlightPerConnection", shape.inFlightPerConnection());
    }
    if (cpuNanos >= 0) {
      b.add("CpuTime(ms)", cpuNanos / 1_000_000);
      if (operations > 0) {
        b.add("CpuPerOperation(us)", round(cpuMicrosPerOperation(), 3));
      }
      if (runtimeMillis > 0) {
        b.add("CoresUsed", round(coresUsed(), 3));
      }
    }
    return b.add("CoresAvailable", cores).build();
  }

  /** One line for stderr when the client used more than {@link #BUSY_SHARE} of its cores, else null. */
  public String warning() {
    double used = coresUsed();
    if (used < 0 || used <= BUSY_SHARE * cores) {
      return null;
    }
    return String.format(Locale.ROOT, "warning: the client process used %.2f of its %d cores (%.0f%%) in the measured "
        + "phase: it may have been the bottleneck rather than the server ([CLIENT] in the report)", used, cores,
        100 * used / cores);
  }

  private static double round(double value, int digits) {
    double scale = Math.pow(10, digits);
    return Math.round(value * scale) / scale;
  }
}
