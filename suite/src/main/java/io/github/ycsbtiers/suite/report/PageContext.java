package io.github.ycsbtiers.suite.report;

import java.util.List;
import java.util.Map;

/**
 * What index.html shows besides the {@link Summary}: how the run was started and where, and what
 * the run wrote beside the tables. Paths are relative to the results directory.
 *
 * @param commandLine the command as given, passwords masked
 * @param machine what ran it, name to value ({@link Machine#describe()}), in display order
 * @param timelines a phase's raw report ({@code raw/<target>/<prefix>.txt}) to its timeline chart (PNG)
 * @param charts every chart of the run (PNG; an SVG of the same name beside it)
 * @param files the other files of the directory to link (summary.md, .csv, .json, search.json, ...)
 */
public record PageContext(String commandLine, Map<String, String> machine, Map<String, String> timelines,
    List<String> charts, List<String> files) {

  public PageContext {
    machine = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(machine));
    timelines = Map.copyOf(timelines);
    charts = List.copyOf(charts);
    files = List.copyOf(files);
  }
}
