package io.github.ycsbtiers.suite.curve;

/**
 * One measured step of a capacity curve.
 *
 * @param fraction the step's share of the saturation throughput, in (0, 1]; 0 for the closed-loop
 *     saturation run itself
 * @param offered the {@code -target} the step ran at (operations per second); 0 for the saturation run
 * @param achieved the measured throughput, [OVERALL] Throughput(ops/sec)
 * @param intended latency from each operation's place on the schedule ({@code Intended-<OP>} logs);
 *     equal to {@code measured} for the closed-loop run, which has no schedule
 * @param measured latency from each operation's send ({@code <OP>} logs)
 * @param sendLatenessP99Us [SCHEDULE] 99thPercentileSendLateness(us): how late the client sent its
 *     operations after their places on the schedule; null without a schedule
 * @param clientCores [CLIENT] CoresUsed, the client process's CPU over the measured phase; null when absent
 * @param cpuPerOpUs [CLIENT] CpuPerOperation(us); null when absent
 * @param report the step's raw report, relative to the results directory
 */
public record CurveStep(double fraction, double offered, double achieved, Latencies intended, Latencies measured,
    Double sendLatenessP99Us, Double clientCores, Double cpuPerOpUs, String report) {

  /** Whether this is the closed-loop saturation run. */
  public boolean saturation() {
    return offered == 0;
  }

  /** E.g. {@code saturation}, {@code 50%}, {@code 2.5%}. */
  public String label() {
    if (saturation()) {
      return "saturation";
    }
    double pct = 100 * fraction;
    return (Math.abs(pct - Math.rint(pct)) < 1e-9 ? Long.toString(Math.round(pct))
        : java.math.BigDecimal.valueOf(pct).round(new java.math.MathContext(6)).stripTrailingZeros()
            .toPlainString()) + "%";
  }
}
