package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.api.ResultSection;
import java.util.Map;

/**
 * The report's {@code [COMMANDS]} section for templates that send batches: commands done (every
 * return code of a template's operations times its batch size) and commands per second over the
 * measured run time, per template and in all, as the TairRoaring paper reports.
 */
public final class CommandRates {
  public static final String SECTION = "COMMANDS";

  private CommandRates() {
  }

  /**
   * @param batchSizes section to commands per operation
   * @param returnCodes section to return code to count, as the measurements hold them
   * @return the section, or null if no template sends batches
   */
  public static ResultSection section(Map<String, Integer> batchSizes, Map<String, Map<String, Long>> returnCodes,
                                      long runtimeMillis) {
    if (batchSizes.values().stream().allMatch(s -> s == 1)) {
      return null;
    }
    ResultSection.Builder b = ResultSection.builder(SECTION);
    long total = 0;
    double seconds = runtimeMillis / 1000.0;
    for (Map.Entry<String, Integer> e : batchSizes.entrySet()) {
      Map<String, Long> codes = returnCodes.get(e.getKey());
      long ops = codes == null ? 0 : codes.values().stream().mapToLong(Long::longValue).sum();
      long commands = ops * e.getValue();
      total += commands;
      b.add(e.getKey() + " Commands", commands);
      b.add(e.getKey() + " Throughput(commands/sec)", seconds > 0 ? commands / seconds : 0.0);
    }
    b.add("Commands", total);
    b.add("Throughput(commands/sec)", seconds > 0 ? total / seconds : 0.0);
    return b.build();
  }
}
