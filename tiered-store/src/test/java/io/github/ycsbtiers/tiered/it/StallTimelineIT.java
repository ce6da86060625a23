package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A RocksDB write stall forced on {@code disk} shows in the run's timeline: two Loads of the same
 * 150,000 records of 1 KiB side by side, one with RocksDB's defaults and one with a 1 MiB write
 * buffer and level-0 triggers of 2 (slow down) and 4 (stop) ({@code tiered.rocksdb.*}). The forced
 * one has stall time in most of its rows and flushes and compactions in them, and those rows'
 * throughput is below the default Load's; the default Load stalls in none of its rows. (Measured
 * here: about 19,000 inserts/s with 0.6-1.1 s of stall per 1 s row over 4 writers, against 83,000
 * without any.)
 */
class StallTimelineIT {
  private static final Pattern OPERATIONS = Pattern.compile("\"operations\":(\\d+)");
  private static final Pattern INTERVAL = Pattern.compile("\"interval_s\":([0-9.]+)");

  /** One timeline row's figures. */
  private record Row(double seconds, long operations, Long stallMicros, Long flushBytes, Long compactBytes,
      Long level0Files) {
    double opsPerSecond() {
      return operations / seconds;
    }
  }

  @Test
  void aForcedStallShowsAsStallTimeInTheRowsWhereThroughputDrops() throws IOException {
    List<Row> plain = load("plain");
    List<Row> stalled = load("stalled", "-p", "tiered.rocksdb.write_buffer_size=1048576",
        "-p", "tiered.rocksdb.level0_file_num_compaction_trigger=2",
        "-p", "tiered.rocksdb.level0_slowdown_writes_trigger=2", "-p", "tiered.rocksdb.level0_stop_writes_trigger=4");

    for (Row r : plain) {
      assertEquals(0L, r.stallMicros(), "the default Load stalled: " + plain);
    }
    assertTrue(stalled.size() >= 3, "the forced Load's rows: " + stalled);
    List<Row> withStall = stalled.stream().filter(r -> r.stallMicros() > 0).toList();
    assertTrue(withStall.size() * 2 >= stalled.size(), "stall time in fewer than half the rows: " + stalled);
    assertTrue(stalled.stream().mapToLong(Row::flushBytes).sum() > 0, stalled.toString());
    assertTrue(stalled.stream().mapToLong(Row::compactBytes).sum() > 0, stalled.toString());
    assertTrue(stalled.stream().allMatch(r -> r.level0Files() != null), stalled.toString());
    double plainRate = plain.stream().mapToLong(Row::operations).sum() / plain.stream().mapToDouble(Row::seconds).sum();
    double stalledRate = withStall.stream().mapToLong(Row::operations).sum()
        / withStall.stream().mapToDouble(Row::seconds).sum();
    assertTrue(stalledRate < plainRate, "rows with stall time ran at " + stalledRate + " inserts/s, the default Load at "
        + plainRate);
  }

  /** Loads into a store of its own with a timeline of a row a second; the rows that have the store's figures. */
  private static List<Row> load(String name, String... more) throws IOException {
    Path dir = StoreDirs.create(Medium.DISK);
    Path timeline = dir.resolveSibling(dir.getFileName() + "-" + name + "-timeline.jsonl");
    try {
      List<String> args = new ArrayList<>(List.of("-p", "recordcount=150000", "-p", "fieldcount=1",
          "-p", "fieldlength=1024", "-p", "tiered.medium=disk", "-p", "tiered.path=" + dir,
          "-p", "timeline.file=" + timeline, "-p", "timeline.interval=1", "-threads", "4"));
      args.addAll(List.of(more));
      YcsbProcess.Result r = Ycsb.completed("load", "load", args.toArray(String[]::new));
      List<Row> rows = new ArrayList<>();
      long operations = 0;
      for (String line : Files.readAllLines(timeline)) {
        Long ops = number(OPERATIONS, line);
        operations += ops;
        Long stall = tier(line, "StallMicros");
        if (stall != null) {
          rows.add(new Row(Double.parseDouble(match(INTERVAL, line)), ops, stall, tier(line, "FlushWriteBytes"),
              tier(line, "CompactWriteBytes"), tier(line, "Level0Files")));
        }
      }
      assertEquals(150_000, operations, "the rows' operations add up to the Load's");
      assertEquals(150_000, r.count("INSERT", "Return=OK"));
      // every row but the last, which ends after the store closed (the default Load is over in 2-3 s)
      assertTrue(!rows.isEmpty(), "no row with the store's figures");
      return rows;
    } finally {
      Files.deleteIfExists(timeline);
      StoreDirs.delete(dir);
    }
  }

  private static Long tier(String line, String name) {
    return number(Pattern.compile("\"" + name + "\":(\\d+)"), line);
  }

  private static Long number(Pattern p, String line) {
    String m = match(p, line);
    return m == null ? null : Long.parseLong(m);
  }

  private static String match(Pattern p, String line) {
    Matcher m = p.matcher(line);
    return m.find() ? m.group(1) : null;
  }
}
