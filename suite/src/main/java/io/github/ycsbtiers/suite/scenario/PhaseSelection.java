package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.UsageException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --only LIST}: the phases of a scenario to run, each item a group ({@code 1:4}), a phase
 * ({@code uniform-read}) or both ({@code 1:4/uniform-read}). A group's Load stays whenever one of
 * its run phases is chosen (the phase needs its data); a Load alone is chosen by naming it
 * ({@code 1:4/load}). An item that names no phase of the plan is refused before any work, with the
 * groups and phases there are.
 */
public final class PhaseSelection {
  /** Every phase: no {@code --only}. */
  public static final PhaseSelection ALL = new PhaseSelection(List.of());

  private final List<String[]> items;

  private PhaseSelection(List<String[]> items) {
    this.items = items;
  }

  /** Parses {@code --only}'s value: comma-separated {@code GROUP}, {@code PHASE} or {@code GROUP/PHASE}. */
  public static PhaseSelection parse(String option, String value) {
    List<String[]> items = new ArrayList<>();
    for (String item : value.split(",", -1)) {
      String trimmed = item.strip();
      String[] parts = trimmed.split("/", -1);
      if (trimmed.isEmpty() || parts.length > 2 || parts[0].isEmpty() || parts.length == 2 && parts[1].isEmpty()) {
        throw UsageException.badValue(option, value, "a comma-separated list of GROUP, PHASE or GROUP/PHASE"
            + " (e.g. 1:4, uniform-read, 1:4/uniform-read)");
      }
      items.add(parts);
    }
    return new PhaseSelection(List.copyOf(items));
  }

  /** The phases of {@code plan} this selection keeps, in the plan's order. */
  public List<PhaseSpec> apply(List<PhaseSpec> plan) {
    if (items.isEmpty()) {
      return plan;
    }
    for (String[] item : items) {
      if (plan.stream().noneMatch(p -> matches(item, p))) {
        Set<String> groups = new LinkedHashSet<>();
        Set<String> phases = new LinkedHashSet<>();
        plan.forEach(p -> {
          groups.add(p.group());
          phases.add(p.phase());
        });
        throw UsageException.badValue("--only", String.join("/", item), "no phase of this scenario is named so;"
            + " groups: " + String.join(", ", groups) + "; phases: " + String.join(", ", phases));
      }
    }
    List<PhaseSpec> chosen = plan.stream().filter(p -> items.stream().anyMatch(item -> matches(item, p))).toList();
    Set<String> groupsWithRunPhases = new HashSet<>();
    chosen.stream().filter(p -> !p.load()).forEach(p -> groupsWithRunPhases.add(p.group()));
    return plan.stream().filter(p -> chosen.contains(p) || p.load() && groupsWithRunPhases.contains(p.group()))
        .toList();
  }

  private static boolean matches(String[] item, PhaseSpec p) {
    if (item.length == 2) {
      return item[0].equals(p.group()) && item[1].equals(p.phase());
    }
    return item[0].equals(p.group()) || item[0].equals(p.phase());
  }
}
