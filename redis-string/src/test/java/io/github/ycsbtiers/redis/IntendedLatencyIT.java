package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Under {@code -target}, the default engine sends each client's operation from its connection's
 * event loop when it is due, and the run keeps the rate asked for at 10% and at 50% of saturation,
 * with 8 and 32 connections. At 10% the intended latency (from the schedule) stays near the
 * measured one: a loose form of the bound bench/client-tails.sh checks (intended p99 at most 2 x
 * p99 + 200 us), since tests share the machine with other work. At 50% it does not yet hold that
 * bound on 2 cores (a young collection or a descheduled event loop stalls every client, and the
 * schedule charges the stall to each operation it delayed; docs/performance.md), so there only the
 * median is held: the clients keep to their schedule most of the time.
 */
class IntendedLatencyIT {
  private static final int RECORDS = 2000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void intendedLatencyStaysNearTheMeasuredOneAtTenAndFiftyPercent() {
    assertCompleted(YcsbRuns.ycsb("load", common(), args("-P", "workloads/load", "-threads", "8")));
    for (int clients : new int[] {8, 32}) {
      double saturation = throughput(run(clients, 0));
      for (double share : new double[] {0.1, 0.5}) {
        long target = Math.round(saturation * share);
        YcsbProcess.Result r = run(clients, target);
        String what = clients + " clients at " + target + " ops/s (" + share + " of " + Math.round(saturation) + ")";
        double achieved = throughput(r);
        assertTrue(Math.abs(achieved - target) <= 0.1 * target, what + ": achieved " + achieved);
        long p99 = r.count("READ", "99thPercentileLatency(us)");
        long intended = r.count("Intended-READ", "99thPercentileLatency(us)");
        long p50 = r.count("READ", "50thPercentileLatency(us)");
        long intended50 = r.count("Intended-READ", "50thPercentileLatency(us)");
        if (share < 0.5) {
          assertTrue(intended <= 3 * p99 + 2000, what + ": intended p99 " + intended + " us, measured p99 " + p99
              + " us");
        }
        assertTrue(intended50 <= 2 * p50 + 1000, what + ": intended p50 " + intended50 + " us, measured p50 " + p50
            + " us");
        assertEquals(String.valueOf(clients), r.metric("CLIENT", "ConnectionsPerServer"), what);
      }
    }
  }

  private static List<String> common() {
    return args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p", "fieldlength=100");
  }

  /** Uniform-Read for 3 s after a 2 s warm-up; {@code target} 0 for no rate limit. */
  private static YcsbProcess.Result run(int clients, long target) {
    List<String> more = new ArrayList<>(args("-P", "workloads/uniform-read", "-p", "operationcount=0",
        "-p", "maxexecutiontime=3", "-p", "warmuptime=2", "-threads", String.valueOf(clients)));
    if (target > 0) {
      more.addAll(args("-target", String.valueOf(target), "-p", "measurement.interval=both"));
    }
    YcsbProcess.Result r = YcsbRuns.ycsb("run", common(), more);
    assertCompleted(r);
    return r;
  }

  private static double throughput(YcsbProcess.Result r) {
    return Double.parseDouble(r.metric("OVERALL", "Throughput(ops/sec)"));
  }
}
