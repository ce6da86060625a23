package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real redis-server stalled for a second ({@code CLIENT PAUSE 1000 ALL}) under a rate profile,
 * on each engine: the operations due during the stall cannot start (each client has one in
 * flight), so they are counted late ({@code [PROFILE] LateOperations}, and {@code late_operations}
 * in the stall's timeline row), and their intended latency, timed from their due times, holds the
 * second: Intended-READ's p99 is hundreds of milliseconds while READ's, timed from the send, is not
 * (only the few reads in flight when the stall began waited at the server). Timed from the send,
 * the intended p99 would be READ's and the test fails (checked by mutation: with TimedDb's intended
 * start set to the send, "Intended-READ p99 14719 us: the stall is not in it").
 */
class ProfileStallIT {
  private static final int RATE = 400;
  private static final int STALL_MILLIS = 1000;
  private static final Pattern LATE = Pattern.compile("\"late_operations\":(\\d+)");

  @TempDir
  Path tmp;

  @Test
  void aStalledSecondShowsInIntendedLatencyAndTheLateCount() throws Exception {
    try (RedisServer server = RedisServer.start()) {
      List<String> target = args("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port());
      List<String> records = args("-p", "recordcount=200", "-p", "fieldcount=1", "-p", "fieldlength=100");
      assertCompleted(YcsbRuns.ycsb("load", target, concat(records, args("-P", "workloads/load"))));
      for (String engine : new String[] {"async", "sync"}) {
        stalled(server, target, records, engine);
      }
    }
  }

  private void stalled(RedisServer server, List<String> target, List<String> records, String engine)
      throws Exception {
    Path file = tmp.resolve(engine + ".jsonl");
    List<String> run = concat(records, args("-P", "workloads/uniform-read", "-threads", "4",
        "-p", "runner.engine=" + engine, "-p", "target.profile=constant " + RATE + " 4s",
        "-p", "measurement.interval=both", "-p", "timeline.interval=0.5", "-p", "timeline.file=" + file));
    CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(
        () -> YcsbRuns.ycsb("run", target, run));
    awaitRow(file, running);
    server.cli("CLIENT", "PAUSE", String.valueOf(STALL_MILLIS), "ALL");
    YcsbProcess.Result r = running.get(2, TimeUnit.MINUTES);
    assertCompleted(r);
    String what = engine + ":\n" + r.out();

    long offered = r.count("PROFILE", "OfferedOperations");
    assertEquals(RATE * 4, offered, what);
    assertEquals(offered, r.count("READ", "Operations"), what);
    // about RATE operations fell due in the stall; every one is sent late (a machine this busy may
    // also send a few late outside it)
    long late = r.count("PROFILE", "LateOperations");
    assertTrue(late >= RATE * 6 / 10 && late < offered * 3 / 4, "late " + late + " of " + offered + ", " + what);
    assertEquals(0, r.count("PROFILE", "DroppedOperations"), what);

    long intendedP99 = r.count("Intended-READ", "99thPercentileLatency(us)");
    long sentP99 = r.count("READ", "99thPercentileLatency(us)");
    assertTrue(intendedP99 >= 400_000, "Intended-READ p99 " + intendedP99 + " us: the stall is not in it, " + what);
    assertTrue(r.count("Intended-READ", "MaxLatency(us)") >= STALL_MILLIS * 800L, what);
    assertTrue(sentP99 < intendedP99 / 4, "READ p99 " + sentP99 + " us against intended " + intendedP99 + ", " + what);

    // the stall's row: its late operations, and its intended p99 near the second
    List<String> rows = Files.readAllLines(file);
    long rowsLate = 0;
    long worstRowLate = 0;
    for (String row : rows) {
      Matcher m = LATE.matcher(row);
      assertTrue(m.find(), row);
      long n = Long.parseLong(m.group(1));
      rowsLate += n;
      worstRowLate = Math.max(worstRowLate, n);
    }
    assertEquals(late, rowsLate, "the rows' late operations add up to the report's:\n" + String.join("\n", rows));
    assertTrue(worstRowLate >= RATE / 4, "no row with the stall's late operations:\n" + String.join("\n", rows));
  }

  private static void awaitRow(Path file, CompletableFuture<?> run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(file) || Files.readAllLines(file).isEmpty()) {
      assertFalse(run.isDone(), "the run ended before its first row");
      assertTrue(System.nanoTime() < deadline, "no timeline row within 60 s");
      Thread.sleep(20);
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
