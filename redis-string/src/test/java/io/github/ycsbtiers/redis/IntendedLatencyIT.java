package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Under {@code -target}, the default engine sends each client's operation from its connection's
 * event loop when it is due, with 8 and 32 connections, and records each operation's intended
 * latency (from its due time) beside its measured one (from its send). Mechanisms, which a busy
 * machine cannot move: the rate is never exceeded (a throttled client does not run ahead of its
 * schedule), every measured read is also an intended read and a scheduled send, and since an
 * operation's intended latency is its send lateness plus its measured latency, every percentile
 * of Intended-READ is at least the same percentile of READ. A client that ignores its schedule
 * fails the rate bound (checked by mutation: with every operation due at once, 8 clients
 * sent 45,066 reads in 2.2 s against a bound of about 4,350). How near the two stay at 10% and 50% of saturation is a figure of the machine: bench/client-tails.sh
 * measures it, with memtier_benchmark beside it.
 */
class IntendedLatencyIT {
  private static final int RECORDS = 2000;
  private static final int TARGET = 2000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void intendedLatencyIsTheScheduleLatenessPlusTheMeasuredOne() {
    assertCompleted(YcsbRuns.ycsb("load", common(), args("-P", "workloads/load", "-threads", "8")));
    for (int clients : new int[] {8, 32}) {
      YcsbProcess.Result r = run(clients);
      String what = clients + " clients at -target " + TARGET;
      long reads = r.count("READ", "Operations");
      long runMillis = r.count("OVERALL", "RunTime(ms)");
      long bound = TARGET * (runMillis + 1) / 1000 + clients + TARGET / 100;
      assertTrue(reads > 0 && reads <= bound, what + ": " + reads + " reads in " + runMillis + " ms\n" + r.out());
      assertEquals(reads, r.count("Intended-READ", "Operations"), what);
      assertEquals(reads, r.count("SCHEDULE", "ScheduledOperations"), what);
      for (String p : new String[] {"50thPercentileLatency(us)", "99thPercentileLatency(us)", "MaxLatency(us)"}) {
        long measured = r.count("READ", p);
        long intended = r.count("Intended-READ", p);
        assertTrue(intended >= measured, what + ": Intended-READ " + p + " " + intended + " below READ's " + measured);
      }
      assertEquals(String.valueOf(clients), r.metric("CLIENT", "ConnectionsPerServer"), what);
    }
  }

  private static List<String> common() {
    return args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p", "fieldlength=100");
  }

  /** Uniform-Read at {@link #TARGET} for 2 s after a 1 s warm-up. */
  private static YcsbProcess.Result run(int clients) {
    YcsbProcess.Result r = YcsbRuns.ycsb("run", common(), args("-P", "workloads/uniform-read",
        "-p", "operationcount=0", "-p", "maxexecutiontime=2", "-p", "warmuptime=1", "-threads", String.valueOf(clients),
        "-target", String.valueOf(TARGET), "-p", "measurement.interval=both"));
    assertCompleted(r);
    return r;
  }
}
