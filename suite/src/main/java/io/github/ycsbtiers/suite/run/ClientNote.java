package io.github.ycsbtiers.suite.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The summary's note on each target's load shape and client cost, from the {@code [CLIENT]}
 * section of its phases' reports, e.g. "tair: 32 logical clients on 32 connections per server, 1
 * in flight per connection (runner.engine=async on 2 threads); client CPU 8.1-9.6 us per operation,
 * at most 1.10 of 2 cores; under -target sent up to 2,113 us late at p99". A comparison between
 * targets or with another tool holds only at the same shape; a client near its cores' limit may
 * have been the bottleneck, and one that sent its operations late (the {@code [SCHEDULE]} section
 * of a throttled phase) charged that lateness to the intended latencies of that phase. An
 * embedded store whose operations ran on more threads than cores ({@code [TIER]
 * StoreCallingThreads} above {@code Cores}: the sync engine, one thread per client) gets a warning
 * that its latencies above the p99 may include the scheduler's time slices.
 */
final class ClientNote {
  private final Map<String, Figures> targets = new LinkedHashMap<>();

  /** Takes a finished phase's {@code [CLIENT]} section, if its report has one. */
  synchronized void add(String target, YcsbOutput out) {
    if (!out.has("CLIENT")) {
      return;
    }
    Figures f = targets.computeIfAbsent(target, t -> new Figures());
    if (f.shape == null) {
      f.shape = shape(out);
    }
    Double cpu = out.number("CLIENT", "CpuPerOperation(us)");
    if (cpu != null) {
      f.minCpu = Math.min(f.minCpu, cpu);
      f.maxCpu = Math.max(f.maxCpu, cpu);
    }
    Double cores = out.number("CLIENT", "CoresUsed");
    if (cores != null) {
      f.maxCores = Math.max(f.maxCores, cores);
    }
    Double available = out.number("CLIENT", "CoresAvailable");
    if (available != null) {
      f.cores = available.intValue();
    }
    Double calling = out.number("TIER", "StoreCallingThreads");
    Double storeCores = out.number("TIER", "Cores");
    if (calling != null && storeCores != null && calling > storeCores && calling > f.maxCallingThreads) {
      f.maxCallingThreads = calling.intValue();
      f.storeCores = storeCores.intValue();
    }
    Double late = out.number("SCHEDULE", "99thPercentileSendLateness(us)");
    if (late != null) {
      f.maxLateP99 = Math.max(f.maxLateP99, late);
    }
  }

  /** One line per target that reported its shape. */
  synchronized List<String> lines() {
    List<String> lines = new ArrayList<>();
    targets.forEach((target, f) -> {
      StringBuilder b = new StringBuilder(target).append(": ").append(f.shape);
      if (f.maxCpu > 0) {
        b.append(String.format(Locale.ROOT, "; client CPU %s us per operation, at most %.2f of %d cores",
            range(f.minCpu, f.maxCpu), f.maxCores, f.cores));
      }
      if (f.maxLateP99 >= 0) {
        b.append(String.format(Locale.ROOT, "; under -target sent up to %,.0f us late at p99", f.maxLateP99));
      }
      if (f.maxCallingThreads > 0) {
        b.append(String.format(Locale.ROOT, "; store operations ran on %d calling threads on %d cores: latencies"
            + " above the p99 may include the scheduler's time slices", f.maxCallingThreads, f.storeCores));
      }
      lines.add(b.toString());
    });
    return lines;
  }

  /** The shape as the report states it. */
  static String shape(YcsbOutput out) {
    String clients = out.text("CLIENT", "LogicalClients");
    String engine = out.text("CLIENT", "Engine");
    String threads = out.text("CLIENT", "EngineThreads");
    String connections = out.text("CLIENT", "ConnectionsPerServer");
    Double inFlight = out.number("CLIENT", "InFlightPerConnection");
    String engineText = "sync".equals(engine) ? "runner.engine=sync, a thread per client"
        : "runner.engine=" + engine + " on " + threads + " threads";
    if (connections == null || inFlight == null) {
      return clients + " logical clients (" + engineText + ")";
    }
    return String.format(Locale.ROOT, "%s logical clients on %s connections per server, %s in flight per connection (%s)",
        clients, connections, inFlight == Math.rint(inFlight) ? Long.toString(inFlight.longValue())
            : String.format(Locale.ROOT, "%.2f", inFlight), engineText);
  }

  private static String range(double min, double max) {
    String lo = String.format(Locale.ROOT, "%.1f", min);
    String hi = String.format(Locale.ROOT, "%.1f", max);
    return lo.equals(hi) ? lo : lo + "-" + hi;
  }

  private static final class Figures {
    String shape;
    double minCpu = Double.MAX_VALUE;
    double maxCpu;
    double maxCores;
    int cores;
    /** The highest p99 send lateness of the target's throttled phases; negative without one. */
    double maxLateP99 = -1;
    /** The most threads that called an embedded store in a phase where they outnumbered its cores; 0 if never. */
    int maxCallingThreads;
    int storeCores;
  }
}
