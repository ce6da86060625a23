package io.github.ycsbtiers.tiered.usage;

import java.util.Map;

/**
 * What a store used over a window, from two readings; NaN for what is unknown.
 *
 * @param seconds the window
 * @param storeCpuSeconds CPU time of the store's threads (loops, I/O pool, engine) in the window
 * @param loops store loops that ran in the window
 * @param busiestLoopCores cores the busiest loop used; NaN without loops
 * @param device the device's label, or null
 * @param deviceUtilisation share of the window the device had a request in flight, 0 to 1
 * @param deviceQueue mean requests in flight at the device
 */
public record Usage(double seconds, double storeCpuSeconds, int loops, double busiestLoopCores, String device,
    double deviceUtilisation, double deviceQueue) {

  /** Cores the store's threads used; NaN when unknown. */
  public double storeCpuCores() {
    return seconds > 0 ? storeCpuSeconds / seconds : Double.NaN;
  }

  static Usage between(UsageProbe.Sample from, UsageProbe.Sample to, String loopPrefix, String device) {
    double seconds = (to.nanos() - from.nanos()) / 1e9;
    double cpu = Double.NaN;
    int loops = 0;
    double busiest = Double.NaN;
    if (from.threads() != null && to.threads() != null) {
      long nanos = 0;
      long loopMax = 0;
      for (Map.Entry<Integer, ThreadCpu.Ticks> e : to.threads().entrySet()) {
        ThreadCpu.Ticks before = from.threads().get(e.getKey());
        // a thread new in the window counts from 0; one whose id was reused (a lower count) too
        long used = before == null || before.nanos() > e.getValue().nanos() ? e.getValue().nanos()
            : e.getValue().nanos() - before.nanos();
        nanos += used;
        if (e.getValue().name().startsWith(loopPrefix)) {
          loops++;
          loopMax = Math.max(loopMax, used);
        }
      }
      cpu = nanos / 1e9;
      if (loops > 0 && seconds > 0) {
        busiest = loopMax / 1e9 / seconds;
      }
    }
    double utilisation = Double.NaN;
    double queue = Double.NaN;
    if (from.disk() != null && to.disk() != null && seconds > 0) {
      double millis = seconds * 1000;
      utilisation = Math.min(1, Math.max(0, to.disk().busyMillis() - from.disk().busyMillis()) / millis);
      queue = Math.max(0, to.disk().weightedMillis() - from.disk().weightedMillis()) / millis;
    }
    return new Usage(seconds, cpu, loops, busiest, device, utilisation, queue);
  }
}
