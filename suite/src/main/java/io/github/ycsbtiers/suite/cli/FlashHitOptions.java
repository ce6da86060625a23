package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.suite.scenario.SetGet;
import java.util.ArrayList;
import java.util.List;

/**
 * The flash-hit scenario's options: {@code --hit-targets} (RAM hit targets) and
 * {@code --set-get} (set:get ratios). Filled by {@link SuiteOptions}' parser; read-only outside
 * this package.
 */
public final class FlashHitOptions {
  static final String USAGE = String.join("\n",
      "  --hit-targets LIST   flash-hit's RAM hit targets in percent (default 50,85)",
      "  --set-get LIST       flash-hit's set:get ratios (default 1:1,4:1,1:4)");

  private List<Double> hitTargets = List.of(0.5, 0.85);
  private List<SetGet> setGets = List.of(new SetGet(1, 1), new SetGet(4, 1), new SetGet(1, 4));

  /** Reads option {@code option} with its value if it is one of these; false if it is not. */
  boolean take(String option, String value) {
    switch (option) {
      case "--hit-targets" -> hitTargets = hitTargets(option, value);
      case "--set-get" -> setGets = setGets(option, value);
      default -> {
        return false;
      }
    }
    return true;
  }

  /** RAM hit targets as fractions (0.85). */
  public List<Double> hitTargets() {
    return hitTargets;
  }

  public List<SetGet> setGets() {
    return setGets;
  }

  private static List<Double> hitTargets(String option, String value) {
    List<Double> list = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      double d = PropertyValues.decimal(part.trim()).orElse(Double.NaN);
      if (d > 0 && d < 100) {
        list.add(d / 100);
        continue;
      }
      throw UsageException.badValue(option, value, "percentages above 0 and below 100, comma-separated, e.g. 50,85");
    }
    return List.copyOf(list);
  }

  private static List<SetGet> setGets(String option, String value) {
    List<SetGet> list = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      try {
        list.add(SetGet.parse(part));
      } catch (IllegalArgumentException e) {
        throw UsageException.badValue(option, value, "set:get ratios, comma-separated, e.g. 1:1,4:1,1:4");
      }
    }
    return List.copyOf(list);
  }
}
