package io.github.ycsbtiers.runner.merge;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.ArrayList;
import java.util.List;

/** The {@code hdrhistogram.percentiles} list and the line names core gives them (95th, 99.9...). */
final class Percentiles {
  /** The runner's default when a client recorded no explicit list. */
  private static final String DEFAULT = "50,95,99,99.9,99.99";

  private Percentiles() {
  }

  static List<Double> parse(String list) {
    List<Double> out = new ArrayList<>();
    for (String p : (list == null || list.isBlank() ? DEFAULT : list).split(",")) {
      out.add(PropertyValues.decimal(p).orElseThrow(() -> PropertyException.badValue("hdrhistogram.percentiles", list,
          "a comma-separated list of percentiles in (0, 100]")));
    }
    return out;
  }

  /** As core's OneMeasurementHdrHistogram: whole numbers get an English ordinal suffix, others stay as they are. */
  static String ordinal(double p) {
    if (p % 1 != 0) {
      return Double.toString(p);
    }
    int j = (int) p;
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    switch (j % 100) {
      case 11:
      case 12:
      case 13:
        return j + "th";
      default:
        return j + suffixes[j % 10];
    }
  }
}
