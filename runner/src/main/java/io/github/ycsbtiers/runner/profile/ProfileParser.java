package io.github.ycsbtiers.runner.profile;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Reads {@code target.profile}: segments separated by commas (or, in a file named as
 * {@code @FILE}, by lines too; {@code #} starts a comment), each one of
 * <pre>
 * constant RATE DURATION                 RATE ops/s for DURATION
 * ramp FROM TO DURATION                  linearly from FROM to TO ops/s over DURATION
 * steps FROM TO COUNT EACH               COUNT steps from FROM to TO ops/s (equal rises), EACH long
 * sine MEAN AMPLITUDE PERIOD DURATION    MEAN + AMPLITUDE sin(2 pi t / PERIOD) ops/s (AMPLITUDE <= MEAN)
 * trace FILE                             a recorded trace: CSV lines "seconds,rate", linear between them
 * </pre>
 * Rates are decimals {@code >= 0}; durations as everywhere ({@code 30}, {@code 30s}, {@code 500ms},
 * {@code 2m}). Every error names the property, the segment and what is allowed.
 */
final class ProfileParser {
  static final String SYNTAX = "segments separated by commas: constant RATE DURATION, ramp FROM TO DURATION,"
      + " steps FROM TO COUNT EACH, sine MEAN AMPLITUDE PERIOD DURATION, trace FILE (CSV lines seconds,rate);"
      + " or @FILE holding them";
  static final double MAX_RATE = 1e9;
  static final double MAX_SECONDS = 7 * 86_400;
  private static final int MAX_STEPS = 100_000;

  private final String property;
  private final String raw;

  private ProfileParser(String property, String raw) {
    this.property = property;
    this.raw = raw;
  }

  /** The schedule {@code raw} describes (the value of {@code property}). */
  static RateSchedule parse(String property, String raw) {
    return new ProfileParser(property, raw).parse();
  }

  private RateSchedule parse() {
    String text = raw.trim();
    if (text.startsWith("@")) {
      Path file = Path.of(text.substring(1).trim());
      try {
        text = Files.readString(file);
      } catch (IOException | RuntimeException e) {
        throw bad("the file " + file + " cannot be read (" + e.getClass().getSimpleName() + "): " + SYNTAX);
      }
    }
    List<Segment> segments = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\n")) {
      int hash = line.indexOf('#');
      String body = hash >= 0 ? line.substring(0, hash) : line;
      for (String part : body.split(",")) {
        String segment = part.trim();
        if (segment.isEmpty()) {
          continue;
        }
        number++;
        segments.addAll(segment(number, segment));
      }
    }
    if (segments.isEmpty()) {
      throw bad("at least one segment: " + SYNTAX);
    }
    RateSchedule schedule = new RateSchedule(segments);
    if (schedule.operations() == 0) {
      throw bad("a profile that offers at least one operation (every rate is 0)");
    }
    if (schedule.seconds() > MAX_SECONDS) {
      throw bad("a profile at most " + (long) (MAX_SECONDS / 86_400) + " days long");
    }
    return schedule;
  }

  private List<Segment> segment(int number, String text) {
    String[] w = text.split("\\s+");
    String where = "segment " + number + " '" + text + "': ";
    String kind = w[0].toLowerCase(java.util.Locale.ROOT);
    switch (kind) {
      case "constant" -> {
        arity(where, w, 2, "constant RATE DURATION");
        return List.of(new Segment.Constant(rate(where, w[1]), seconds(where, w[2])));
      }
      case "ramp" -> {
        arity(where, w, 3, "ramp FROM TO DURATION");
        return List.of(new Segment.Ramp(rate(where, w[1]), rate(where, w[2]), seconds(where, w[3])));
      }
      case "steps" -> {
        arity(where, w, 4, "steps FROM TO COUNT EACH");
        double from = rate(where, w[1]);
        double to = rate(where, w[2]);
        OptionalLong count = PropertyValues.wholeNumber(w[3]);
        if (count.isEmpty() || count.getAsLong() < 1 || count.getAsLong() > MAX_STEPS) {
          throw bad(where + "COUNT '" + w[3] + "' must be " + PropertyValues.wholeRange(1, MAX_STEPS));
        }
        double each = seconds(where, w[4]);
        int n = (int) count.getAsLong();
        List<Segment> steps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          steps.add(new Segment.Constant(n == 1 ? from : from + (to - from) * i / (n - 1), each));
        }
        return steps;
      }
      case "sine" -> {
        arity(where, w, 4, "sine MEAN AMPLITUDE PERIOD DURATION");
        double mean = rate(where, w[1]);
        double amplitude = rate(where, w[2]);
        if (amplitude > mean) {
          throw bad(where + "AMPLITUDE " + w[2] + " must be at most MEAN " + w[1] + " (a rate is never negative)");
        }
        return List.of(new Segment.Sine(mean, amplitude, seconds(where, w[3]), seconds(where, w[4])));
      }
      case "trace" -> {
        if (w.length < 2) {
          arity(where, w, 1, "trace FILE");
        }
        return TraceFile.read(text.substring(w[0].length()).trim(), where, this::bad);
      }
      default -> throw bad(where + "unknown kind '" + w[0] + "': " + SYNTAX);
    }
  }

  private void arity(String where, String[] words, int args, String form) {
    if (words.length != args + 1) {
      throw bad(where + "takes " + args + " value" + (args == 1 ? "" : "s") + ": " + form);
    }
  }

  private double rate(String where, String text) {
    OptionalDouble v = PropertyValues.decimal(text);
    if (v.isEmpty() || v.getAsDouble() < 0 || v.getAsDouble() > MAX_RATE) {
      throw bad(where + "rate '" + text + "' must be " + PropertyValues.decimalRange(0, MAX_RATE) + " ops/s");
    }
    return v.getAsDouble();
  }

  private double seconds(String where, String text) {
    OptionalLong v = PropertyValues.duration(text, TimeUnit.SECONDS, TimeUnit.MILLISECONDS);
    if (v.isEmpty() || v.getAsLong() <= 0 || v.getAsLong() > MAX_SECONDS * 1000) {
      throw bad(where + "duration '" + text + "' must be longer than 0 and at most 7 days, in whole"
          + " milliseconds (30, 30s, 500ms, 2m)");
    }
    return v.getAsLong() / 1000.0;
  }

  private PropertyException bad(String allowed) {
    return PropertyException.badValue(property, raw, allowed);
  }
}
