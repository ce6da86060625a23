package io.github.ycsbtiers.runner.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.zip.Deflater;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * The merge reads every interval of a client's log whole, including one whose counts reach past
 * the range its header states, as HdrHistogram 2.2.2's auto-resizing histograms can write when two
 * threads resize one at once; every other log reads exactly as HistogramLogReader reads it.
 */
class IntervalLogReaderTest {
  /** HdrHistogram's V2 compressed cookie (0x1c849304) with its word-size nibble, as the library writes it. */
  private static final int V2_COMPRESSED_COOKIE = 0x1c849304 | 0x10;
  /** Offset of highestTrackableValue in the uncompressed V2 header, after four ints and lowestDiscernibleValue. */
  private static final int HIGHEST_TRACKABLE_OFFSET = 24;
  private static final long START = 1_700_000_000_000L;

  @TempDir
  Path tmp;

  @Test
  void anIntervalWhoseCountsReachPastItsHeaderRangeIsMergedWhole() throws Exception {
    long[] latencies = {90, 250, 700, 1_500, 9_000, 12_000, 35_000};
    Path dir = SyntheticClient.write(tmp.resolve("c0"), 0, 1, START, latencies);
    Histogram recorded = new Histogram(3);
    for (long v : latencies) {
      recorded.recordValue(v);
    }
    // the CI failure's header: a range of 16383 (5120 counts), while the counts reach 35 ms
    writeOneIntervalLog(dir.resolve("READ.hdr"), narrowHeader(recorded, 16_383));

    MergedReport merged = MergedReport.of(List.of(dir));
    Histogram h = merged.histogram("READ");
    assertEquals(recorded, h, "the merged histogram holds exactly the recorded values");
    assertEquals(recorded.getMaxValue(), h.getMaxValue());
    assertEquals(latencies.length, h.getTotalCount());
    String report = text(merged);
    assertTrue(report.contains("[READ], Operations, " + latencies.length + "\n"), report);
    assertTrue(report.contains("[READ], MaxLatency(us), " + recorded.getMaxValue() + "\n"), report);
    assertTrue(recorded.getMaxValue() >= 35_000, "the max is the slow operation's");
    assertEquals(2000, merged.unionMillis(), "the interval's window: 2 s from StartTime + 0.125 s");
  }

  @Test
  void countsPastAnyLatencyARunCanRecordAreStillCorrupt() throws Exception {
    Path dir = SyntheticClient.write(tmp.resolve("c0"), 0, 1, START, new long[] {100, 200});
    Histogram impossible = new Histogram(3);
    impossible.recordValue(100);
    impossible.recordValue(1L << 40);   // no int of microseconds reaches this
    writeOneIntervalLog(dir.resolve("READ.hdr"), narrowHeader(impossible, 16_383));
    MergeException e = assertThrows(MergeException.class, () -> MergedReport.of(List.of(dir)));
    assertTrue(e.getMessage().startsWith(dir.resolve("READ.hdr") + ": truncated or corrupt ("), e.getMessage());
  }

  @Test
  void aPayloadThatIsNotAHistogramIsCorrupt() throws Exception {
    Path dir = SyntheticClient.write(tmp.resolve("c0"), 0, 1, START, new long[] {100, 200});
    writeOneIntervalLog(dir.resolve("READ.hdr"), "not a histogram".getBytes(StandardCharsets.US_ASCII));
    MergeException e = assertThrows(MergeException.class, () -> MergedReport.of(List.of(dir)));
    assertTrue(e.getMessage().startsWith(dir.resolve("READ.hdr") + ": truncated or corrupt ("), e.getMessage());
  }

  @Test
  void aLogOfYcsbsOwnWriterReadsAsHistogramLogReaderReadsIt() throws Exception {
    Properties p = new Properties();
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", tmp + "/");
    OneMeasurementHdrHistogram ycsb = new OneMeasurementHdrHistogram("UPDATE", p);
    for (int interval = 0; interval < 3; interval++) {
      for (int i = 0; i < 500; i++) {
        ycsb.measure(50 + i * (interval + 1) * 37);
      }
      ycsb.getSummary();
    }
    ycsb.exportMeasurements(new TextMeasurementsExporter(new ByteArrayOutputStream()));
    List<Interval> read = sameAsLibrary(tmp.resolve("UPDATE.hdr"));
    assertEquals(4, read.size(), "three status intervals and the last one");
    assertEquals(1500, read.stream().mapToLong(i -> i.histogram().getTotalCount()).sum());
    long now = System.currentTimeMillis();
    assertTrue(read.get(0).start() > now - 600_000 && read.get(3).end() <= now, read.toString());
  }

  @Test
  void timeStampsAndTagsAreHistogramLogReaders() throws Exception {
    Histogram a = histogram(100, 2_000, 40_000);
    Histogram b = histogram(7, 8, 9_999_999);
    // absolute time stamps after a StartTime line, as SyntheticClient writes them
    List<Interval> absolute = sameAsLibrary(log("absolute", w -> {
      w.outputStartTime(START);
      w.outputIntervalHistogram(START / 1000.0, START / 1000.0 + 1.5, a, 1.0);
      w.outputIntervalHistogram(START / 1000.0 + 1.5, START / 1000.0 + 2.0, b, 1.0);
    }));
    assertEquals(List.of(START, START + 1500), absolute.stream().map(Interval::start).toList());
    assertEquals(List.of(START + 1500, START + 2000), absolute.stream().map(Interval::end).toList());
    // time stamps relative to an explicit BaseTime line
    List<Interval> based = sameAsLibrary(log("based", w -> {
      w.outputStartTime(START);
      w.outputBaseTime(START - 250);
      w.outputIntervalHistogram(0.25, 1.25, a, 1.0);
    }));
    assertEquals(START, based.get(0).start());
    assertEquals(START + 1000, based.get(0).end());
    // relative time stamps without a BaseTime line: relative to StartTime, as YCSB writes them
    List<Interval> relative = sameAsLibrary(log("relative", w -> {
      w.outputStartTime(START);
      w.outputIntervalHistogram(0.5, 1.25, a, 1.0);
    }));
    assertEquals(START + 500, relative.get(0).start());
    assertEquals(START + 1250, relative.get(0).end());
    // neither StartTime nor BaseTime: the first time stamp is the start, the stamps absolute
    List<Interval> bare = sameAsLibrary(log("bare", w -> {
      w.outputIntervalHistogram(3.0, 4.0, a, 1.0);
      w.outputIntervalHistogram(4.0, 4.5, b, 1.0);
    }));
    assertEquals(List.of(3000L, 4000L), bare.stream().map(Interval::start).toList());
    // tagged intervals among untagged ones
    b.setTag("slow");
    List<Interval> tagged = sameAsLibrary(log("tagged", w -> {
      w.outputStartTime(START);
      w.outputIntervalHistogram(START / 1000.0, START / 1000.0 + 1.0, a, 1.0);
      w.outputIntervalHistogram(START / 1000.0 + 1.0, START / 1000.0 + 2.0, b, 1.0);
    }));
    assertEquals(Arrays.asList(null, "slow"), tagged.stream().map(Interval::tag).toList());
    assertEquals(a, tagged.get(0).histogram());
    assertEquals(b, tagged.get(1).histogram());
  }

  @Test
  void aLogCutInItsLastLineEndsOrFailsAsWithHistogramLogReader() throws Exception {
    Histogram a = histogram(100, 2_000, 40_000);
    Path whole = log("whole", w -> {
      w.outputStartTime(START);
      w.outputIntervalHistogram(0.0, 1.0, a, 1.0);
      w.outputIntervalHistogram(1.0, 2.0, a, 1.0);
    });
    byte[] bytes = Files.readAllBytes(whole);
    String text = new String(bytes, StandardCharsets.US_ASCII);
    int lastLine = text.lastIndexOf('\n', text.length() - 2) + 1;
    int payload = text.lastIndexOf(',') + 1;
    int middle = (payload + bytes.length) / 2;
    // in a time stamp, at the payload's comma, then the payload cut at each remainder modulo 4
    int[] cuts = {lastLine + 2, payload - 1, payload, payload + 1, payload + 2, payload + 3, payload + 4,
        middle, middle + 1, middle + 2, middle + 3, bytes.length - 2, bytes.length - 1};
    Path cut = tmp.resolve("cut.hdr");
    int failed = 0;
    for (int length : cuts) {
      Files.write(cut, Arrays.copyOf(bytes, length));
      Outcome ours = readAll(cut, true);
      assertEquals(readAll(cut, false), ours, "cut to " + length + " bytes: " + text.substring(lastLine, length));
      assertTrue(ours.intervals().size() <= 2);
      failed += ours.failed() ? 1 : 0;
    }
    assertTrue(failed > 0, "some cuts fail rather than end the log");
  }

  private record Interval(Histogram histogram, long start, long end, String tag) {
  }

  /** The intervals read until the end, and whether an exception ended the reading instead. */
  private record Outcome(List<Interval> intervals, boolean failed) {
  }

  /** Reads {@code log} with IntervalLogReader, checks HistogramLogReader reads the same, returns it. */
  private static List<Interval> sameAsLibrary(Path log) throws IOException {
    Outcome ours = readAll(log, true);
    assertEquals(readAll(log, false), ours, log.toString());
    assertTrue(!ours.failed() && !ours.intervals().isEmpty(), log.toString());
    return ours.intervals();
  }

  private static Outcome readAll(Path log, boolean ours) throws IOException {
    List<Interval> read = new ArrayList<>();
    try (IntervalLogReader mine = new IntervalLogReader(log.toFile());
         HistogramLogReader library = new HistogramLogReader(log.toFile())) {
      EncodableHistogram h;
      while ((h = ours ? mine.next() : library.nextIntervalHistogram()) != null) {
        read.add(new Interval((Histogram) h, h.getStartTimeStamp(), h.getEndTimeStamp(), h.getTag()));
      }
    } catch (RuntimeException e) {
      return new Outcome(read, true);
    }
    return new Outcome(read, false);
  }

  private interface LogBody {
    void write(HistogramLogWriter w);
  }

  private Path log(String name, LogBody body) throws IOException {
    Path file = tmp.resolve(name + ".hdr");
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.US_ASCII)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      body.write(w);
    }
    return file;
  }

  private static Histogram histogram(long... values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h;
  }

  @Test
  void aDoubleHistogramIntervalIsNamed() throws Exception {
    Path dir = SyntheticClient.write(tmp.resolve("c0"), 0, 1, START, new long[] {100, 200});
    DoubleHistogram d = new DoubleHistogram(3);
    d.recordValue(1.5);
    Files.delete(dir.resolve("READ.hdr"));
    log("c0/READ", w -> w.outputIntervalHistogram(0.0, 1.0, d, 1.0));
    MergeException e = assertThrows(MergeException.class, () -> MergedReport.of(List.of(dir)));
    assertEquals(dir.resolve("READ.hdr") + ": holds a DoubleHistogram interval; expected integer histograms",
        e.getMessage());
  }

  /**
   * {@code h} in HdrHistogram's compressed form, with the header's highestTrackableValue replaced:
   * the V2 compressed cookie, the deflated length, then the deflated header and counts.
   */
  static byte[] narrowHeader(Histogram h, long highestTrackableValue) {
    ByteBuffer plain = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoByteBuffer(plain);
    plain.putLong(HIGHEST_TRACKABLE_OFFSET, highestTrackableValue);
    Deflater deflater = new Deflater();
    deflater.setInput(plain.array(), 0, length);
    deflater.finish();
    byte[] deflated = new byte[length + 1024];
    int n = deflater.deflate(deflated);
    assertTrue(deflater.finished(), "deflated in one call");
    deflater.end();
    return ByteBuffer.allocate(8 + n).putInt(V2_COMPRESSED_COOKIE).putInt(n).put(deflated, 0, n).array();
  }

  /** A log as YCSB 0.17 writes it (StartTime, time stamps relative to it, no BaseTime line) with one interval. */
  private static void writeOneIntervalLog(Path file, byte[] payload) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.US_ASCII)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("[Logging for: READ]");
      w.outputLogFormatVersion();
      w.outputStartTime(START);
      w.outputLegend();
      out.print(String.format(Locale.US, "%.3f,%.3f,%.3f,%s\n", 0.125, 2.0, 35.0,
          Base64.getEncoder().encodeToString(payload)));
    }
    Files.write(file, bytes.toByteArray());
  }

  private static String text(MergedReport merged) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TextMeasurementsExporter text = new TextMeasurementsExporter(out)) {
      merged.write(text);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
