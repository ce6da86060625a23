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
 * 30,000 records of 1 KiB (a timeline row every 0.1 s, so that even a fast machine's Load has
 * rows), one with RocksDB's defaults and one with a 1 MiB write buffer and level-0 triggers of 2
 * (slow down) and 4 (stop) ({@code tiered.rocksdb.*}). The forced one has stall time, flushes and
 * compactions in its rows; the default Load stalls in none of its rows. How much a stall slows the
 * Load, and in how many of its seconds, depends on how fast the machine writes:
 * bench/rocksdb-stall.sh measures it.
 */
class StallTimelineIT {
  private static final long RECORDS = 30_000;
  private static final Pattern OPERATIONS = Pattern.compile("\"operations\":(\\d+)");
  private static final Pattern INTERVAL = Pattern.compile("\"interval_s\":([0-9.]+)");

  /** One timeline row's figures. */
  private record Row(double seconds, long operations, Long stallMicros, Long flushBytes, Long compactBytes,
      Long level0Files) {
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
    assertTrue(!stalled.isEmpty(), "the forced Load's rows: " + stalled);
    long rowStall = stalled.stream().mapToLong(Row::stallMicros).sum();
    assertTrue(rowStall > 0, "no stall time in the forced Load's rows: " + stalled);
    assertTrue(stalled.stream().mapToLong(Row::flushBytes).sum() > 0, stalled.toString());
    assertTrue(stalled.stream().mapToLong(Row::compactBytes).sum() > 0, stalled.toString());
    assertTrue(stalled.stream().allMatch(r -> r.level0Files() != null), stalled.toString());
  }

  /** Loads into a store of its own with a timeline of a row every 0.1 s; the rows that have the store's figures. */
  private static List<Row> load(String name, String... more) throws IOException {
    Path dir = StoreDirs.create(Medium.DISK);
    Path timeline = dir.resolveSibling(dir.getFileName() + "-" + name + "-timeline.jsonl");
    try {
      List<String> args = new ArrayList<>(List.of("-p", "recordcount=" + RECORDS, "-p", "fieldcount=1",
          "-p", "fieldlength=1024", "-p", "tiered.medium=disk", "-p", "tiered.path=" + dir,
          "-p", "timeline.file=" + timeline, "-p", "timeline.interval=0.1", "-threads", "4"));
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
      assertEquals(RECORDS, operations, "the rows' operations add up to the Load's");
      assertEquals(RECORDS, r.count("INSERT", "Return=OK"));
      // every row but the last, which ends after the store closed
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
