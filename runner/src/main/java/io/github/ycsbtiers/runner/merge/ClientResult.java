package io.github.ycsbtiers.runner.merge;

import io.github.ycsbtiers.api.PropertyReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;

/**
 * One client's result directory, read and checked (see {@link ClientResultLayout}): its
 * properties, its text report, one histogram per operation section (the sum of the section's
 * intervals) and its measured window (from the first interval's start to the last one's end).
 */
final class ClientResult {
  private final Path dir;
  private final Properties client;
  private final ReportLines report;
  private final Map<String, Histogram> histograms;
  private final long startMillis;
  private final long endMillis;
  private final java.util.Set<String> bindingSections;

  private ClientResult(Path dir, Properties client, ReportLines report, Map<String, Histogram> histograms,
      long startMillis, long endMillis) {
    this.bindingSections = bindingSections(client);
    this.dir = dir;
    this.client = client;
    this.report = report;
    this.histograms = histograms;
    this.startMillis = startMillis;
    this.endMillis = endMillis;
  }

  /** Reads a directory written with {@code hdrhistogram.output.path=DIR/} (or any prefix inside DIR). */
  static ClientResult read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new MergeException(dir + ": no such directory");
    }
    String prefix = prefixOf(dir);
    Path clientFile = dir.resolve(prefix + ClientResultLayout.CLIENT);
    Properties client = new Properties();
    try (Reader r = Files.newBufferedReader(clientFile, StandardCharsets.UTF_8)) {
      client.load(r);
    } catch (IOException | IllegalArgumentException e) {
      throw new MergeException(clientFile + ": unreadable: " + e.getMessage(), e);
    }
    if (!"true".equals(client.getProperty(ClientResultLayout.COMPLETED))) {
      throw new MergeException(clientFile + ": this client's run did not complete (completed="
          + client.getProperty(ClientResultLayout.COMPLETED) + ")");
    }
    String type = client.getProperty("measurementtype", "");
    if (!type.isEmpty() && !type.equals("hdrhistogram")) {
      throw new MergeException(clientFile + ": measurementtype=" + client.getProperty("measurementtype")
          + "; merge needs measurementtype=hdrhistogram (the default)");
    }
    Path reportFile = dir.resolve(prefix + ClientResultLayout.REPORT);
    ReportLines report;
    try {
      report = ReportLines.parse(Files.readString(reportFile, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new MergeException(reportFile + ": missing or unreadable (" + e.getMessage() + ")", e);
    }
    if (report.section("OVERALL").isEmpty()) {
      throw new MergeException(reportFile + ": truncated: no [OVERALL] section");
    }
    Map<String, Histogram> histograms = new LinkedHashMap<>();
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    for (String section : report.sections().keySet()) {
      if (!report.isOperation(section)) {
        continue;
      }
      Path log = dir.resolve(prefix + section + ClientResultLayout.LOG_SUFFIX);
      IntervalLog read = readLog(log);
      long expected = parseCount(reportFile, section, report.section(section).get("Operations"));
      if (read.total.getTotalCount() != expected) {
        throw new MergeException(log + ": truncated: it holds " + read.total.getTotalCount() + " of the "
            + expected + " operations that " + reportFile.getFileName() + " reports for [" + section + "]");
      }
      histograms.put(section, read.total);
      if (isWorkloadSection(section) && !bindingSections(client).contains(section)) {
        start = Math.min(start, read.startMillis);
        end = Math.max(end, read.endMillis);
      }
    }
    if (start == Long.MAX_VALUE) {
      throw new MergeException(reportFile + ": no operation section to merge");
    }
    return new ClientResult(dir, client, report, histograms, start, end);
  }

  /** The latency sections the client's bindings recorded themselves ({@link ClientResultLayout#BINDING_SECTIONS}). */
  java.util.Set<String> bindingSections() {
    return bindingSections;
  }

  private static java.util.Set<String> bindingSections(Properties client) {
    String listed = client.getProperty(ClientResultLayout.BINDING_SECTIONS, "").trim();
    return listed.isEmpty() ? java.util.Set.of() : java.util.Set.of(listed.split(","));
  }

  /** A section of the workload's operations: not a binding's INIT or CLEANUP, not an Intended- twin. */
  static boolean isWorkloadSection(String section) {
    return !section.equals("INIT") && !section.equals("CLEANUP") && !section.startsWith("Intended-");
  }

  /** The prefix of the one client.properties in the directory ("" for {@code DIR/client.properties}). */
  private static String prefixOf(Path dir) {
    List<String> found = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + ClientResultLayout.CLIENT)) {
      files.forEach(f -> found.add(f.getFileName().toString()));
    } catch (IOException e) {
      throw new MergeException(dir + ": unreadable: " + e.getMessage(), e);
    }
    if (found.isEmpty()) {
      throw new MergeException(dir.resolve(ClientResultLayout.CLIENT) + ": missing (the client did not finish, or "
          + "ran without -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=" + dir + "/)");
    }
    if (found.size() > 1) {
      throw new MergeException(dir + ": holds " + found.size() + " client results (" + String.join(", ", found)
          + "); give each client a directory of its own");
    }
    String name = found.get(0);
    return name.substring(0, name.length() - ClientResultLayout.CLIENT.length());
  }

  private record IntervalLog(Histogram total, long startMillis, long endMillis) {
  }

  private static IntervalLog readLog(Path log) {
    Histogram total = null;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    try (IntervalLogReader reader = new IntervalLogReader(log.toFile())) {
      Histogram h;
      while ((h = reader.next()) != null) {
        if (total == null) {
          total = new Histogram(h.getNumberOfSignificantValueDigits());
        }
        total.add(h);
        start = Math.min(start, h.getStartTimeStamp());
        end = Math.max(end, h.getEndTimeStamp());
      }
    } catch (FileNotFoundException e) {
      throw new MergeException(log + ": missing", e);
    } catch (MergeException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MergeException(log + ": truncated or corrupt (" + e + ")", e);
    }
    if (total == null) {
      throw new MergeException(log + ": truncated: no interval histogram");
    }
    return new IntervalLog(total, start, end);
  }

  private static long parseCount(Path file, String section, String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new MergeException(file + ": [" + section + "], Operations is '" + value + "', not a count");
    }
  }

  Path dir() {
    return dir;
  }

  Properties client() {
    return client;
  }

  ReportLines report() {
    return report;
  }

  Map<String, Histogram> histograms() {
    return histograms;
  }

  long startMillis() {
    return startMillis;
  }

  long endMillis() {
    return endMillis;
  }

  int index() {
    return new PropertyReader(client).intValue("client.index", 0, 0, Integer.MAX_VALUE);
  }
}
