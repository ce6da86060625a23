package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's timeline on a real redis-server: a run of about 8 s with {@code timeline.interval=1}
 * after a 1 s warm-up writes a full measured row per second (and a tail, and warm-up rows marked as such);
 * the measured rows' operations add up to the report's exactly; a {@code CLIENT PAUSE 1200 ALL}
 * mid-run is the highest max-latency spike, in the row in which the pause ended; and the
 * rows' server figures (INFO on the binding's own connection) count the GETs of the rows, give
 * or take those in flight at their ends.
 */
class TimelineIT {
  private static final Pattern TIME = Pattern.compile("\"time\":\"([^\"]+)\"");
  private static final Pattern NUMBER = Pattern.compile("\"%s\":([0-9.]+)");
  private static final Pattern READ_MAX = Pattern.compile("\"READ\":\\{\"count\":\\d+,\"p50_us\":\\d+,\"p99_us\":\\d+,"
      + "\"p999_us\":\\d+,\"max_us\":(\\d+)");
  private static final int THREADS = 8;
  private static final int SECONDS = 8;
  private static final int RATE = 5000;
  private static final int PAUSE_MILLIS = 1200;

  @TempDir
  Path tmp;

  @Test
  void rowsCoverTheRunAndShowAPauseInItsRow() throws Exception {
    try (RedisServer server = RedisServer.start()) {
      List<String> target = args("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port());
      List<String> common = args("-p", "recordcount=10000", "-p", "fieldcount=1", "-p", "fieldlength=100",
          "-threads", Integer.toString(THREADS));
      List<String> load = new ArrayList<>(common);
      load.addAll(args("-P", "workloads/load"));
      YcsbRuns.assertCompleted(YcsbRuns.ycsb("load", target, load));
      Path file = tmp.resolve("timeline.jsonl");
      List<String> run = new ArrayList<>(common);
      run.addAll(args("-P", "workloads/uniform-read", "-p", "operationcount=" + RATE * SECONDS,
          "-p", "warmuptime=1", "-p", "timeline.interval=1", "-p", "timeline.file=" + file, "-target", String.valueOf(RATE)));
      CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(
          () -> YcsbRuns.ycsb("run", target, run));
      awaitMeasuredRows(file, 3, running);
      // the pause ends PAUSE_MILLIS after the server took the command: between these two instants
      Instant earliestEnd = Instant.now().plusMillis(PAUSE_MILLIS);
      server.cli("CLIENT", "PAUSE", String.valueOf(PAUSE_MILLIS), "ALL");
      Instant latestEnd = Instant.now().plusMillis(PAUSE_MILLIS);
      YcsbProcess.Result r = running.get(2, TimeUnit.MINUTES);
      YcsbRuns.assertCompleted(r);

      List<String> rows = Files.readAllLines(file);
      List<String> warmup = rows.stream().filter(l -> l.contains("\"phase\":\"warmup\"")).toList();
      List<String> measured = rows.stream().filter(l -> l.contains("\"phase\":\"measured\"")).toList();
      assertFalse(warmup.isEmpty(), String.join("\n", rows));
      assertEquals(rows.size(), warmup.size() + measured.size(), String.join("\n", rows));
      List<String> full = measured.stream().filter(l -> number(l, "interval_s") >= 0.5).toList();
      // a row per second of the run, give or take the first and the last (the run is bounded by its
      // operations: about 8 s, longer on a busy machine)
      long runSeconds = r.count("OVERALL", "RunTime(ms)") / 1000;
      assertTrue(Math.abs(full.size() - runSeconds) <= 1, full.size() + " full measured rows in a run of "
          + runSeconds + " s:\n" + String.join("\n", measured));

      long ops = measured.stream().mapToLong(l -> (long) number(l, "operations")).sum();
      long reported = r.count("READ", "Operations") + r.count("READ-FAILED", "Operations");
      assertEquals(reported, ops, "rows' operations against [READ]:\n" + r.out());

      // the row with the highest READ max is the pause's: a busy machine stalls for hundreds of
      // milliseconds at worst (up to 674 ms seen at a load average of 20 on 2 cores)
      String spike = measured.stream().max(Comparator.comparingLong(TimelineIT::readMax)).orElseThrow();
      assertTrue(readMax(spike) >= PAUSE_MILLIS * 1000L * 3 / 4, "no row with a READ max near the pause:\n"
          + String.join("\n", measured));
      Instant end = Instant.parse(match(TIME, spike));
      Instant start = end.minusMillis((long) (number(spike, "interval_s") * 1000));
      // the row overlaps the window in which the pause ended (150 ms for the row's own clock)
      assertTrue(!latestEnd.isBefore(start.minusMillis(150)) && !earliestEnd.isAfter(end.plusMillis(150)),
          "the pause ended between " + earliestEnd + " and " + latestEnd + ", the spike's row is " + start + " .. "
          + end);

      // a row's INFO is taken a moment after its operations are counted: GETs in flight at its
      // two ends, and those of that moment, are counted in one row by the server and in the next by
      // the client. The moment stretches on a busy machine (a row of 1,541 operations had 706
      // server GETs at a load average of 17), so a row's GETs are bounded by what the moment can
      // move, not by a share: none, up to its own and the next row's operations (a moment under a
      // row's length). A count of the server's total so far would pass its own and the next row's
      // by the third row; consecutive rows' differences cancel over the run (below).
      List<String> compared = full.subList(0, full.size() - 1);
      long allGets = 0;
      long allOps = 0;
      for (int i = 0; i < compared.size(); i++) {
        String row = compared.get(i);
        int server0 = row.indexOf("\"server\":{");
        assertTrue(server0 > 0, "no server figures: " + row);
        long gets = (long) number(row.substring(server0), "Calls-GET");
        // the server's main thread over the row, and the row's verdict from it and the client's CPU
        double thread = number(row.substring(server0), "ServerThreadCores");
        assertTrue(thread >= 0 && thread <= 1.1, "ServerThreadCores " + thread + " in: " + row);
        assertTrue(row.matches(".*\"bottleneck\":\\{\"verdict\":\"(client-bound|server-bound|none found)\","
            + "\"rule\":\"[a-z-]+\"\\}}$"), "no verdict last in: " + row);
        long rowOps = (long) number(row, "operations");
        long nextOps = (long) number(full.get(i + 1), "operations");
        assertTrue(gets >= 0 && gets <= rowOps + nextOps + 2 * THREADS, "server GETs " + gets + " against "
            + rowOps + " operations, " + nextOps + " in the next row, in: " + row);
        allGets += gets;
        allOps += rowOps;
      }
      assertTrue(Math.abs(allGets - allOps) <= 2 * THREADS + allOps / 20, "server GETs " + allGets + " against "
          + allOps + " operations over " + (full.size() - 1) + " rows");
    }
  }

  private static void awaitMeasuredRows(Path file, int rows, CompletableFuture<?> run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(file) || Files.readAllLines(file).stream()
        .filter(l -> l.contains("\"phase\":\"measured\"")).count() < rows) {
      assertFalse(run.isDone(), "the run ended before " + rows + " measured rows");
      assertTrue(System.nanoTime() < deadline, "no " + rows + " measured rows within 60 s");
      Thread.sleep(50);
    }
    // early in the next row, so that the pause ends inside it
    Thread.sleep(50);
  }

  private static long readMax(String row) {
    Matcher m = READ_MAX.matcher(row);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  private static double number(String row, String name) {
    return Double.parseDouble(match(Pattern.compile(String.format(NUMBER.pattern(), Pattern.quote(name))), row));
  }

  private static String match(Pattern p, String row) {
    Matcher m = p.matcher(row);
    assertTrue(m.find(), p + " not in " + row);
    return m.group(1);
  }
}
