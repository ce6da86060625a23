package io.github.ycsbtiers.runner;

import static io.github.ycsbtiers.runner.RunnerEndToEndTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code [SCHEDULE]} section of a {@code -target} run: how late each operation was sent after
 * its place on the schedule. One client at 10 operations per second (one due every 100 ms) whose
 * every tenth read takes 550 ms: the five operations after each slow read are sent late, by about
 * 450, 350, 250, 150 and 50 ms, as the client catches up; every other operation is sent on time.
 * The schedule is that slow so that what it tells apart (lateness from each operation's due time
 * against lateness from the schedule's start, which grows by 100 ms an operation) stands above
 * what a busy machine adds: at 100 operations per second a cold JVM's collections under a load
 * average of 18 (829 ms of young pauses) put the median at 118 ms, beside the 200 ms the wrong
 * count gives.
 */
class SendLatenessReportTest {
  private static final String WORKLOAD = Path.of("..", "workloads", "workloadc").toString();
  private static final long SLOW_MILLIS = 550;

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void operationsAfterAStallAreReportedLateAndTheRestOnTime(String engine) {
    String db = engine.equals("sync") ? SlowEveryTenthRead.class.getName() : AsyncSlowEveryTenthRead.class.getName();
    RunnerEndToEndTest.Outcome o = run("-t", "-db", db, "-P", WORKLOAD, "-p", "recordcount=10",
        "-p", "operationcount=40", "-target", "10", "-threads", "1", "-p", "runner.engine=" + engine);
    assertEquals(0, o.status, o.err);
    // the sync engine's first operation has no place on the schedule (it starts the schedule), the async engine's has
    assertEquals(engine.equals("sync") ? "39" : "40", o.metric("SCHEDULE", "ScheduledOperations"), o.out);
    long max = Long.parseLong(o.metric("SCHEDULE", "MaxSendLateness(us)"));
    long p99 = Long.parseLong(o.metric("SCHEDULE", "99thPercentileSendLateness(us)"));
    long p50 = Long.parseLong(o.metric("SCHEDULE", "50thPercentileSendLateness(us)"));
    double mean = Double.parseDouble(o.metric("SCHEDULE", "AverageSendLateness(us)"));
    // after a 550 ms read the next one was due 100 ms after that read's start: 450 ms late, less what the
    // wake-up took; the machine may add to it, never take from it
    assertTrue(max >= 400_000, "MaxSendLateness(us) " + max + "\n" + o.out);
    assertTrue(p99 >= 400_000, "99thPercentileSendLateness(us) " + p99 + "\n" + o.out);
    // 15 of the 40 operations are late (three stalls before the last read, five each): the median
    // is on time, give or take what a busy machine adds (118 ms seen, above); lateness counted from
    // the schedule's start instead of each operation's due time grows by 100 ms an operation, a
    // median near 2 s
    assertTrue(p50 < 1_000_000, "50thPercentileSendLateness(us) " + p50 + "\n" + o.out);
    // 3 x (450 + 350 + 250 + 150 + 50) ms over 39 or 40 operations: about 96 ms, and never less
    assertTrue(mean > 80_000, "AverageSendLateness(us) " + mean + "\n" + o.out);
  }

  @Test
  void anUnthrottledRunHasNoScheduleSection() {
    RunnerEndToEndTest.Outcome o = run("-t", "-db", TestBindings.Ok.class.getName(), "-P", WORKLOAD,
        "-p", "recordcount=10", "-p", "operationcount=100", "-threads", "2");
    assertEquals(0, o.status, o.err);
    assertNull(o.metric("SCHEDULE", "ScheduledOperations"), o.out);
  }

  /** Every tenth read of an instance takes {@link #SLOW_MILLIS}; the rest answer at once. */
  public static class SlowEveryTenthRead extends TestBindings.Ok {
    private int reads;

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      if (++reads % 10 == 0) {
        try {
          Thread.sleep(SLOW_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return Status.OK;
    }
  }

  /** The same on the asynchronous interface: every tenth read completes {@link #SLOW_MILLIS} after it was sent. */
  public static class AsyncSlowEveryTenthRead extends AsyncMemoryDb {
    private int reads;

    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                             Map<String, ByteIterator> result) {
      if (++reads % 10 == 0) {
        return CompletableFuture.supplyAsync(() -> Status.OK,
            CompletableFuture.delayedExecutor(SLOW_MILLIS, TimeUnit.MILLISECONDS));
      }
      return CompletableFuture.completedFuture(Status.OK);
    }
  }
}
