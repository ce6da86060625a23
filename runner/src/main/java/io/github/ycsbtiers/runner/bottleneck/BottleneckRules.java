package io.github.ycsbtiers.runner.bottleneck;

import io.github.ycsbtiers.api.ResourceFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules that name what limited a window, each a threshold on figures the run records, and how
 * they are weighed when several are reached. A rule whose figures are unknown is not reached.
 *
 * <ol>
 *   <li>{@code device-queue}: the embedded store's device held on average at least
 *       {@link #DEVICE_QUEUE_SHARE} of the clients' operations (its mean queue over the logical
 *       clients, each of which has at most one operation in flight): that is where the operations
 *       spent their time, whatever else was busy. Device-bound.</li>
 *   <li>{@code client-cpu} or {@code store-cpu}: the client's process used at least
 *       {@link #CPU_SHARE} of its cores. Client-bound, unless the embedded store's own threads,
 *       which run in the same process, used more of it than the client's: then server-bound.</li>
 *   <li>{@code server-thread}: the busiest thread that serves operations in order (a Redis master's
 *       main thread, an embedded store's loop) used at least {@link #SERVER_THREAD_CORES} of a core.
 *       Server-bound. When both this and a CPU rule are reached, the one with the higher
 *       utilisation (the process's share of its cores against the thread's share of one core)
 *       decides, a tie going to the client.</li>
 *   <li>{@code device-busy}: the device had a request in flight at least {@link #DEVICE_BUSY} of
 *       the time. Device-bound; weighed after the CPU rules, since a device that serves requests
 *       in parallel (NVMe, virtio) is busy all the time long before it is full.</li>
 *   <li>{@code send-lateness}: under {@code -target}, the operations' mean send lateness was at
 *       least {@link #LATENESS_SHARE} of their mean intended latency: the client sent late (its
 *       threads ran late, or too few clients for the target at the latency they got). Client-bound;
 *       weighed last, since a saturated server or device also makes the clients late.</li>
 * </ol>
 *
 * <p>None reached: "none found".
 */
public final class BottleneckRules {
  /** The share of its cores at or above which the client's process is taken as saturated. */
  public static final double CPU_SHARE = 0.80;
  /** The cores at or above which a server thread is taken as saturated (it has no time to spare). */
  public static final double SERVER_THREAD_CORES = 0.90;
  /** The share of the clients' operations at or above which the device's queue holds the phase. */
  public static final double DEVICE_QUEUE_SHARE = 0.50;
  /** The share of the window at or above which the device is taken as busy. */
  public static final double DEVICE_BUSY = 0.90;
  /** The share of the mean intended latency at or above which send lateness dominates it. */
  public static final double LATENESS_SHARE = 0.50;

  private BottleneckRules() {
  }

  public static Verdict judge(BottleneckInputs in) {
    List<Verdict.Rule> reached = new ArrayList<>();
    Verdict.Rule cpu = cpuRule(in);
    if (in.deviceQueueShare() >= DEVICE_QUEUE_SHARE) {
      reached.add(Verdict.Rule.DEVICE_QUEUE);
    }
    if (cpu != null) {
      reached.add(cpu);
    }
    if (in.serverThreadCores() >= SERVER_THREAD_CORES) {
      reached.add(Verdict.Rule.SERVER_THREAD);
    }
    if (in.deviceUtilisation() >= DEVICE_BUSY) {
      reached.add(Verdict.Rule.DEVICE_BUSY);
    }
    if (in.latenessShare() >= LATENESS_SHARE) {
      reached.add(Verdict.Rule.SEND_LATENESS);
    }
    Verdict.Rule chosen = choose(reached, cpu, in);
    List<Verdict.Rule> also = new ArrayList<>(reached);
    also.remove(chosen);
    return new Verdict(chosen.kind(), chosen, reason(chosen, in), also);
  }

  /** client-cpu or store-cpu when the process's cores are saturated, else null. */
  private static Verdict.Rule cpuRule(BottleneckInputs in) {
    if (!(in.processShare() >= CPU_SHARE)) {
      return null;
    }
    return in.storeInProcess() && in.storeCpuCores() > in.clientCores() ? Verdict.Rule.STORE_CPU
        : Verdict.Rule.CLIENT_CPU;
  }

  private static Verdict.Rule choose(List<Verdict.Rule> reached, Verdict.Rule cpu, BottleneckInputs in) {
    if (reached.contains(Verdict.Rule.DEVICE_QUEUE)) {
      return Verdict.Rule.DEVICE_QUEUE;
    }
    boolean thread = reached.contains(Verdict.Rule.SERVER_THREAD);
    if (cpu != null && thread) {
      return in.serverThreadCores() > in.processShare() ? Verdict.Rule.SERVER_THREAD : cpu;
    }
    if (cpu != null) {
      return cpu;
    }
    if (thread) {
      return Verdict.Rule.SERVER_THREAD;
    }
    for (Verdict.Rule r : List.of(Verdict.Rule.DEVICE_BUSY, Verdict.Rule.SEND_LATENESS)) {
      if (reached.contains(r)) {
        return r;
      }
    }
    return Verdict.Rule.NONE;
  }

  /** The sentence that gives the figures the rule compared; no commas. */
  static String reason(Verdict.Rule rule, BottleneckInputs in) {
    String device = in.device() == null ? "the device" : "the device " + in.device();
    switch (rule) {
      case DEVICE_QUEUE:
        return format("%s held %.1f requests in flight on average: %.0f%% of the %d clients' operations (at least %.0f%%)",
            device, in.deviceQueue(), 100 * in.deviceQueueShare(), in.clients(), 100 * DEVICE_QUEUE_SHARE);
      case CLIENT_CPU:
      case STORE_CPU:
        String base = format("the client's process used %.2f of its %d cores (%.0f%%: at least %.0f%%)",
            in.processCores(), in.cores(), 100 * in.processShare(), 100 * CPU_SHARE);
        return in.storeInProcess() ? base + format(": %.2f by the embedded store's threads and %.2f by the client's",
            in.storeCpuCores(), in.clientCores()) : base;
      case SERVER_THREAD:
        return format("the server's busiest %s used %.2f of a core (at least %.2f)", threadName(in.serverThread()),
            in.serverThreadCores(), SERVER_THREAD_CORES);
      case DEVICE_BUSY:
        return format("%s had a request in flight %.0f%% of the time (at least %.0f%%)", device,
            100 * in.deviceUtilisation(), 100 * DEVICE_BUSY);
      case SEND_LATENESS:
        return format("operations were sent %.0f us late on average: %.0f%% of their mean intended latency of %.0f us"
            + " (at least %.0f%%)", in.sendLatenessMicros(), 100 * in.latenessShare(), in.intendedMicros(),
            100 * LATENESS_SHARE);
      default:
        return "no rule's threshold was reached by the figures the run has";
    }
  }

  private static String threadName(String which) {
    if (which == null) {
      return "thread";
    }
    switch (which) {
      case ResourceFigures.MAIN_THREAD:
        return "main thread";
      case ResourceFigures.STORE_LOOP:
        return "store loop";
      case ResourceFigures.PROCESS:
        return "process (taken as one thread: no per-thread figure)";
      default:
        return which;
    }
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
