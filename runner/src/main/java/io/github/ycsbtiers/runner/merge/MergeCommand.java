package io.github.ycsbtiers.runner.merge;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.config.TimelineOptions;
import io.github.ycsbtiers.runner.measure.ExporterFactory;
import io.github.ycsbtiers.runner.timeline.TimelineMerge;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * {@code bin/ycsb merge [--dry-run] [-p exporter=CLASS] [-p exportfile=FILE] [-p timeline.file=FILE] DIR...}:
 * one report from the result directories of the clients of one run, and with {@code timeline.file} one
 * timeline from theirs ({@code DIR/timeline.jsonl}, added row by row). Exit status 0 when merged, 2 for a bad command
 * line or a directory that cannot be merged (one {@code error:} line, nothing written), 1 when the
 * report cannot be written.
 */
public final class MergeCommand {
  public static final String NAME = "merge";

  private MergeCommand() {
  }

  /**
   * With {@code -p timeline.file=FILE}: the clients' timelines ({@code DIR/timeline.jsonl}) added
   * row by row ({@link TimelineMerge}); null without it. Read before anything is written.
   */
  private static List<String> timeline(String file, List<Path> dirs) {
    if (file == null) {
      return null;
    }
    List<Path> files = new ArrayList<>();
    for (Path d : dirs) {
      Path f = d.resolve(ClientResultLayout.TIMELINE);
      if (!Files.isReadable(f)) {
        throw new MergeException(d + ": no " + ClientResultLayout.TIMELINE + " to merge for " + TimelineOptions.FILE
            + " (run each client with -p timeline.file=" + d.resolve(ClientResultLayout.TIMELINE) + ")");
      }
      files.add(f);
    }
    try {
      return TimelineMerge.merge(files);
    } catch (IOException | IllegalArgumentException e) {
      throw new MergeException("cannot merge the timelines: " + e.getMessage());
    }
  }

  /** @param args the arguments after {@code merge} */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    Properties props = new Properties();
    List<Path> dirs = new ArrayList<>();
    boolean dryRun = false;
    try {
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if (a.equals("--dry-run")) {
          dryRun = true;
        } else if (a.equals("-p")) {
          if (i + 1 >= args.size() || args.get(i + 1).indexOf('=') <= 0) {
            throw new ConfigException("-p needs name=value, e.g. -p exportfile=merged.txt");
          }
          String kv = args.get(++i);
          String name = kv.substring(0, kv.indexOf('='));
          if (!name.equals(ExporterFactory.PROPERTY) && !name.equals(RunOptions.EXPORT_FILE)
              && !name.equals(TimelineOptions.FILE)) {
            throw PropertyException.badValue(name, kv.substring(kv.indexOf('=') + 1),
                "nothing: merge takes only -p exporter=CLASS, -p exportfile=FILE and -p timeline.file=FILE");
          }
          props.setProperty(name, kv.substring(kv.indexOf('=') + 1));
        } else if (a.startsWith("-")) {
          throw new ConfigException("unknown option '" + a + "' for merge: allowed --dry-run, -p exporter=CLASS, "
              + "-p exportfile=FILE, -p timeline.file=FILE, then the client directories");
        } else {
          dirs.add(Path.of(a));
        }
      }
      ExporterFactory factory = ExporterFactory.forClass(props.getProperty(ExporterFactory.PROPERTY,
          ExporterFactory.DEFAULT));
      String exportFile = props.getProperty(RunOptions.EXPORT_FILE);
      if (dryRun) {
        err.println("Dry run (--dry-run): the command line is valid (" + dirs.size() + " directories named);"
            + " nothing was read or written");
        return 0;
      }
      MergedReport report = MergedReport.of(dirs);
      List<String> timeline = timeline(props.getProperty(TimelineOptions.FILE), dirs);
      err.println("Merged " + report.clientCount() + " clients: " + report.operations() + " operations in "
          + report.unionMillis() + " ms of measured time (the union of the clients' windows)");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
      MeasurementsExporter exporter = factory.open(bytes);
      try {
        report.write(exporter);
      } finally {
        exporter.close();
      }
      if (exportFile == null) {
        out.write(bytes.toByteArray(), 0, bytes.size());
        out.flush();
      } else {
        Files.write(Path.of(exportFile), bytes.toByteArray());
      }
      if (timeline != null) {
        Path file = Path.of(props.getProperty(TimelineOptions.FILE));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, timeline);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        err.println("Merged timeline: " + timeline.size() + " rows in " + file);
      }
      return 0;
    } catch (PropertyException | MergeException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("error: cannot write the merged report: " + e.getMessage());
      return 1;
    }
  }
}
