package io.github.ycsbtiers.runner.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb merge} on the directories of real (in-process) clients of upstream's BasicDB: the
 * merged report has a single client's lines (golden file), sums what it must, and refuses what
 * it cannot merge with one line naming the file.
 */
class MergeCommandTest {
  private static final String LOAD = Path.of("..", "workloads", "load").toString();

  @TempDir
  static Path tmp;
  static List<Path> clients = new ArrayList<>();
  static Path single;

  record Outcome(int status, String out, String err) {
  }

  static Outcome main(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static Path load(String name, int count, int index, String... more) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    List<String> args = new ArrayList<>(List.of("load", "basic", "-P", LOAD, "-p", "recordcount=3000",
        "-p", "client.count=" + count, "-p", "client.index=" + index, "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + dir + "/", "-threads", "2"));
    for (String m : more) {
      args.addAll(List.of("-p", m));
    }
    Outcome o = main(args);
    assertEquals(0, o.status(), o.err());
    return dir;
  }

  @BeforeAll
  static void runClients() throws Exception {
    for (int i = 0; i < 3; i++) {
      clients.add(load("c" + i, 3, i));
    }
    single = load("single", 1, 0);
  }

  private static List<String> mergeArgs(List<Path> dirs, String... options) {
    List<String> args = new ArrayList<>(List.of("merge"));
    args.addAll(List.of(options));
    dirs.forEach(d -> args.add(d.toString()));
    return args;
  }

  /** "[SECTION], Metric" of every line but the collector ones, whose names depend on the JVM's collector. */
  private static List<String> shape(String report) {
    List<String> lines = new ArrayList<>();
    for (String line : report.split("\n")) {
      if (!line.startsWith("[TOTAL_GC")) {
        lines.add(line.substring(0, line.lastIndexOf(", ")));
      }
    }
    return lines;
  }

  @Test
  void mergedLoadSumsTheClients() throws Exception {
    Outcome o = main(mergeArgs(clients));
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("[INSERT], Operations, 3000\n"), o.out());
    assertTrue(o.out().contains("[INSERT], Return=OK, 3000\n"), o.out());
    for (Path c : clients) {
      assertTrue(Files.readString(c.resolve("report.txt")).contains("[INSERT], Operations, 1000\n"));
    }
  }

  @Test
  void mergedReportHasTheLinesOfOneClientsReport() throws Exception {
    Outcome o = main(mergeArgs(clients));
    assertEquals(0, o.status(), o.err());
    String golden = Files.readString(Path.of("src/test/resources/merge/load-report.golden"));
    assertEquals(List.of(golden.strip().split("\n")), shape(o.out()), "merged report against the golden file");
    // [CLIENT] is one process's shape and CPU cost, and [BOTTLENECK] one process's verdict: each
    // client's report.txt keeps its own
    List<String> one = shape(Files.readString(single.resolve("report.txt")));
    assertTrue(one.contains("[CLIENT], CpuTime(ms)"), one.toString());
    assertTrue(one.contains("[BOTTLENECK], Verdict"), one.toString());
    assertEquals(one.stream().filter(l -> !onePerProcess(l)).toList(), shape(o.out()),
        "merged report against one client's");
    // the collector lines too, where both ran on the same JVM
    assertEquals(Files.readString(single.resolve("report.txt")).lines().filter(l -> !onePerProcess(l))
        .map(l -> l.substring(0, l.lastIndexOf(", "))).toList(),
        o.out().lines().map(l -> l.substring(0, l.lastIndexOf(", "))).toList());
  }

  private static boolean onePerProcess(String line) {
    return line.startsWith("[CLIENT]") || line.startsWith("[BOTTLENECK]");
  }

  @Test
  void exportersAndExportFileWorkAsInARun() throws Exception {
    Path file = tmp.resolve("merged.json");
    Outcome o = main(mergeArgs(clients, "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
        "-p", "exportfile=" + file));
    assertEquals(0, o.status(), o.err());
    assertEquals("", o.out());
    String json = Files.readString(file);
    assertTrue(json.strip().startsWith("[") && json.strip().endsWith("]"), json);
    assertTrue(java.util.regex.Pattern.compile("\"metric\" : \"INSERT\",\\s+\"measurement\" : \"Return=OK\",\\s+"
        + "\"value\" : 3000\\b").matcher(json).find(), json);
  }

  @Test
  void aMissingLogIsNamed() throws Exception {
    Path broken = copy(clients.get(1), "missing-log");
    Files.delete(broken.resolve("INSERT.hdr"));
    Outcome o = main(mergeArgs(List.of(clients.get(0), broken, clients.get(2))));
    assertEquals(2, o.status());
    assertEquals("error: " + broken.resolve("INSERT.hdr") + ": missing\n", o.err());
  }

  @Test
  void aTruncatedLogIsNamed() throws Exception {
    Path broken = copy(clients.get(2), "truncated-log");
    byte[] log = Files.readAllBytes(broken.resolve("INSERT.hdr"));
    // cut in the last interval line
    Files.write(broken.resolve("INSERT.hdr"), java.util.Arrays.copyOf(log, log.length - 40));
    Outcome o = main(mergeArgs(List.of(clients.get(0), clients.get(1), broken)));
    assertEquals(2, o.status());
    assertTrue(o.err().startsWith("error: " + broken.resolve("INSERT.hdr") + ": truncated"), o.err());
    assertEquals(1, o.err().lines().count(), o.err());
  }

  @Test
  void aMissingClientFileIsNamed() throws Exception {
    Path broken = copy(clients.get(0), "unfinished");
    Files.delete(broken.resolve("client.properties"));
    Outcome o = main(mergeArgs(List.of(broken, clients.get(1), clients.get(2))));
    assertEquals(2, o.status());
    assertTrue(o.err().startsWith("error: " + broken.resolve("client.properties") + ": missing"), o.err());
  }

  @Test
  void differentWorkloadsAreRefused() throws Exception {
    Path other = load("other-fieldlength", 3, 1, "fieldlength=200");
    Outcome o = main(mergeArgs(List.of(clients.get(0), other, clients.get(2))));
    assertEquals(2, o.status());
    assertTrue(o.err().startsWith("error: clients ran different workloads: fieldlength="), o.err());
  }

  @Test
  void aMissingOrRepeatedIndexIsRefused() {
    Outcome missing = main(mergeArgs(List.of(clients.get(0), clients.get(2))));
    assertEquals(2, missing.status());
    assertEquals("error: client.count=3 but 2 client directories given; missing client.index [1]\n", missing.err());
    Outcome twice = main(mergeArgs(List.of(clients.get(0), clients.get(1), clients.get(1))));
    assertEquals(2, twice.status());
    assertTrue(twice.err().startsWith("error: client.index=1 appears twice"), twice.err());
  }

  @Test
  void otherMeasurementTypesAreRefused() throws Exception {
    Path buckets = load("buckets", 1, 0, "measurementtype=histogram");
    Outcome o = main(mergeArgs(List.of(buckets)));
    assertEquals(2, o.status());
    assertEquals("error: " + buckets.resolve("client.properties") + ": measurementtype=histogram; merge needs "
        + "measurementtype=hdrhistogram (the default)\n", o.err());
  }

  @Test
  void noDirectoryAndUnknownOptionsAreUsageErrors() {
    assertEquals(2, main(List.of("merge")).status());
    Outcome unknown = main(List.of("merge", "-x", clients.get(0).toString()));
    assertEquals(2, unknown.status());
    assertTrue(unknown.err().startsWith("error: unknown option '-x' for merge"), unknown.err());
    Outcome other = main(List.of("merge", "-p", "recordcount=5", clients.get(0).toString()));
    assertEquals(2, other.status());
    assertTrue(other.err().startsWith("error: invalid value '5' for property 'recordcount'"), other.err());
  }

  private static Path copy(Path from, String name) throws Exception {
    Path to = Files.createDirectories(tmp.resolve(name));
    try (var files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }
}
