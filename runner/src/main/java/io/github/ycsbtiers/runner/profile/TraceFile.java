package io.github.ycsbtiers.runner.profile;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * A recorded trace: CSV lines {@code seconds,rate} (a header line and {@code #} comments are
 * skipped), at least two, times strictly increasing; the rate is linear between two lines, and the
 * trace starts at its first time. Becomes one ramp per pair of lines.
 */
final class TraceFile {
  private TraceFile() {
  }

  static List<Segment> read(String name, String where, Function<String, PropertyException> bad) {
    Path file = Path.of(name);
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      throw bad.apply(where + "the trace file " + file + " cannot be read (" + e.getClass().getSimpleName()
          + "): a readable CSV file of lines seconds,rate");
    }
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] cells = line.split(",");
      OptionalDouble t = cells.length == 2 ? PropertyValues.decimal(cells[0].trim()) : OptionalDouble.empty();
      OptionalDouble r = cells.length == 2 ? PropertyValues.decimal(cells[1].trim()) : OptionalDouble.empty();
      if (t.isEmpty() || r.isEmpty()) {
        if (points.isEmpty() && cells.length == 2) {
          continue; // a header
        }
        throw bad.apply(where + "line " + (i + 1) + " of " + file + " '" + line + "' is not seconds,rate");
      }
      if (r.getAsDouble() < 0 || r.getAsDouble() > ProfileParser.MAX_RATE) {
        throw bad.apply(where + "line " + (i + 1) + " of " + file + ": rate must be "
            + PropertyValues.decimalRange(0, ProfileParser.MAX_RATE) + " ops/s");
      }
      if (!points.isEmpty() && t.getAsDouble() <= points.get(points.size() - 1)[0]) {
        throw bad.apply(where + "line " + (i + 1) + " of " + file + ": times must increase from line to line");
      }
      points.add(new double[] {t.getAsDouble(), r.getAsDouble()});
    }
    if (points.size() < 2) {
      throw bad.apply(where + "the trace file " + file + " needs at least two lines seconds,rate");
    }
    List<Segment> ramps = new ArrayList<>(points.size() - 1);
    for (int i = 1; i < points.size(); i++) {
      double[] a = points.get(i - 1);
      double[] b = points.get(i);
      ramps.add(new Segment.Ramp(a[1], b[1], b[0] - a[0]));
    }
    return ramps;
  }
}
