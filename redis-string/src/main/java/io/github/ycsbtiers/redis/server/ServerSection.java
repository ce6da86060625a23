package io.github.ycsbtiers.redis.server;

import io.github.ycsbtiers.api.ResourceFigures;
import io.github.ycsbtiers.api.ResultSection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The {@code [SERVER]} section from INFO of every master at the start and the end of the measured
 * phase. Counters are differences over the phase, summed over the masters; memory and clients are
 * the end's values, summed. Lines, in this order:
 * {@code Nodes}; {@code Calls-<CMD>} and {@code Usec-<CMD>} for every command called during the
 * phase (upper case); {@code KeyspaceHits}, {@code KeyspaceMisses}, {@code KeyspaceHitRatio} (hits
 * over hits and misses, when there were any); {@code EvictedKeys}, {@code ExpiredKeys};
 * {@code UsedMemory}, {@code UsedMemoryPeak} (bytes); {@code ConnectedClients}; {@code Tier-<field>}
 * for every counter a tiered server adds (fields named like {@link #TIER_FIELD}, e.g. Redis on
 * Flash's or Tair's RAM and flash hits); and with more than one master, per master
 * {@code <host:port>-Calls}, {@code <host:port>-Calls-<CMD>}, {@code <host:port>-KeyspaceHits} and
 * {@code <host:port>-KeyspaceMisses}; last the servers' CPU ({@link #cpu}).
 */
public final class ServerSection {
  public static final String NAME = "SERVER";
  /** Fields of a tiered server's INFO reported when present; any other unknown field is skipped. */
  static final Pattern TIER_FIELD = Pattern.compile(
      "(?i).*(flash|ram_hit|ram_miss|disk|rocksdb|pmem|swap|bigstore|storage_hit|storage_miss|cold|hot_).*");
  private static final String SERVER_TIME = "server_time_usec";
  private static final String MAIN_SYS = "used_cpu_sys_main_thread";
  private static final List<String> KNOWN = List.of("keyspace_hits", "keyspace_misses", "evicted_keys",
      "expired_keys", "used_memory", "used_memory_peak", "connected_clients");

  private ServerSection() {
  }

  /** One master's INFO at both ends. */
  public record Node(String address, InfoSnapshot start, InfoSnapshot end) {
    long calls(String command) {
      long[] e = end.commands().get(command);
      long[] s = start.commands().get(command);
      return e == null ? 0 : e[0] - (s == null ? 0 : s[0]);
    }

    long usec(String command) {
      long[] e = end.commands().get(command);
      long[] s = start.commands().get(command);
      return e == null ? 0 : e[1] - (s == null ? 0 : s[1]);
    }

    double delta(String field) {
      return end.field(field) - start.field(field);
    }

    /** Seconds between the two INFOs by the server's clock; 0 when it cannot tell. */
    double windowSeconds() {
      if (start.fields().containsKey(SERVER_TIME) && end.fields().containsKey(SERVER_TIME)) {
        return Math.max(0, delta(SERVER_TIME) / 1e6);
      }
      return Math.max(0, delta("uptime_in_seconds"));
    }

    /** Whether the server reports its main thread's CPU apart (Redis 6.2 on). */
    boolean hasMainThreadCpu() {
      return end.fields().containsKey(MAIN_SYS) && start.fields().containsKey(MAIN_SYS);
    }

    /** CPU seconds of the whole server process over the window. */
    double processCpuSeconds() {
      return Math.max(0, delta("used_cpu_sys") + delta("used_cpu_user"));
    }

    /** CPU seconds of the thread that executes commands: the main thread, or the process when not reported apart. */
    double threadCpuSeconds() {
      return hasMainThreadCpu() ? Math.max(0, delta(MAIN_SYS) + delta("used_cpu_user_main_thread"))
          : processCpuSeconds();
    }

    /** Cores the command thread used over the window; NaN when the window is unknown. */
    double threadCores() {
      double w = windowSeconds();
      return w > 0 ? threadCpuSeconds() / w : Double.NaN;
    }
  }

  public static ResultSection of(List<Node> nodes) {
    return of(NAME, nodes);
  }

  /** The same figures under another section name: {@code SERVER-host:port} for one replica reads went to. */
  public static ResultSection of(String name, List<Node> nodes) {
    ResultSection.Builder b = ResultSection.builder(name).add("Nodes", (long) nodes.size());
    Map<String, long[]> commands = new TreeMap<>();
    for (Node n : nodes) {
      for (String c : n.end().commands().keySet()) {
        long[] sum = commands.computeIfAbsent(c, k -> new long[2]);
        sum[0] += n.calls(c);
        sum[1] += n.usec(c);
      }
    }
    commands.forEach((c, v) -> {
      if (v[0] > 0) {
        b.add("Calls-" + c.toUpperCase(Locale.ROOT), v[0]).add("Usec-" + c.toUpperCase(Locale.ROOT), v[1]);
      }
    });
    long hits = sumDelta(nodes, "keyspace_hits");
    long misses = sumDelta(nodes, "keyspace_misses");
    b.add("KeyspaceHits", hits).add("KeyspaceMisses", misses);
    if (hits + misses > 0) {
      b.add("KeyspaceHitRatio", (double) hits / (hits + misses));
    }
    b.add("EvictedKeys", sumDelta(nodes, "evicted_keys")).add("ExpiredKeys", sumDelta(nodes, "expired_keys"));
    b.add("UsedMemory", sumEnd(nodes, "used_memory")).add("UsedMemoryPeak", sumEnd(nodes, "used_memory_peak"));
    b.add("ConnectedClients", sumEnd(nodes, "connected_clients"));
    Map<String, Double> tier = new TreeMap<>();
    for (Node n : nodes) {
      for (String f : n.end().fields().keySet()) {
        if (!KNOWN.contains(f) && TIER_FIELD.matcher(f).matches()) {
          tier.merge(f, n.delta(f), Double::sum);
        }
      }
    }
    tier.forEach((f, v) -> {
      if (v == Math.rint(v) && Math.abs(v) < 1e18) {
        b.add("Tier-" + f, (long) (double) v);
      } else {
        b.add("Tier-" + f, (double) v);
      }
    });
    if (nodes.size() > 1) {
      for (Node n : nodes) {
        long all = 0;
        for (String c : n.end().commands().keySet()) {
          all += n.calls(c);
        }
        b.add(n.address() + "-Calls", all);
        for (String c : commands.keySet()) {
          long calls = n.calls(c);
          if (calls > 0) {
            b.add(n.address() + "-Calls-" + c.toUpperCase(Locale.ROOT), calls);
          }
        }
        b.add(n.address() + "-KeyspaceHits", (long) n.delta("keyspace_hits"))
            .add(n.address() + "-KeyspaceMisses", (long) n.delta("keyspace_misses"));
      }
    }
    cpu(b, nodes);
    return b.build();
  }

  /**
   * The servers' CPU over the window, by their own INFO: {@code UsedCpu(s)} (every master's
   * process, system and user), {@code CpuWindow(s)} (the longest master's window, by its
   * {@code server_time_usec}), and for the bottleneck verdict the busiest master's command thread
   * ({@code api.ResourceFigures}): {@code ServerThreadCores} and {@code ServerThread}
   * ({@code main-thread}, or {@code process} for a server without {@code used_cpu_*_main_thread});
   * per master with more than one, {@code <host:port>-ServerThreadCores}.
   */
  private static void cpu(ResultSection.Builder b, List<Node> nodes) {
    double used = 0;
    double window = 0;
    double busiest = Double.NaN;
    boolean mainThreads = true;
    for (Node n : nodes) {
      used += n.processCpuSeconds();
      window = Math.max(window, n.windowSeconds());
      double cores = n.threadCores();
      if (!Double.isNaN(cores) && (Double.isNaN(busiest) || cores > busiest)) {
        busiest = cores;
      }
      mainThreads &= n.hasMainThreadCpu();
    }
    b.add("UsedCpu(s)", round(used)).add("CpuWindow(s)", round(window));
    if (Double.isNaN(busiest)) {
      return;
    }
    b.add(ResourceFigures.SERVER_THREAD_CORES, round(busiest))
        .add(ResourceFigures.SERVER_THREAD, mainThreads ? ResourceFigures.MAIN_THREAD : ResourceFigures.PROCESS);
    if (nodes.size() > 1) {
      for (Node n : nodes) {
        double cores = n.threadCores();
        if (!Double.isNaN(cores)) {
          b.add(n.address() + "-" + ResourceFigures.SERVER_THREAD_CORES, round(cores));
        }
      }
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static long sumDelta(List<Node> nodes, String field) {
    return (long) nodes.stream().mapToDouble(n -> n.delta(field)).sum();
  }

  private static long sumEnd(List<Node> nodes, String field) {
    return (long) nodes.stream().mapToDouble(n -> n.end().field(field)).sum();
  }
}
