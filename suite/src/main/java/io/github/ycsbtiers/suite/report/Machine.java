package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The machine the suite ran on, as index.html shows it: host, CPU, memory, system and Java. */
public final class Machine {
  private Machine() {
  }

  /** Name to value, in display order; a fact that cannot be read is left out. */
  public static Map<String, String> describe() {
    Map<String, String> m = new LinkedHashMap<>();
    String host = firstLine(Path.of("/proc/sys/kernel/hostname"));
    if (host == null) {
      host = System.getenv("HOSTNAME");
    }
    if (host != null) {
      m.put("host", host);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    String model = cpuModel();
    m.put("CPU", (model == null ? "" : model + ", ") + cores + (cores == 1 ? " core" : " cores") + " available");
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      m.put("memory", String.format(Locale.ROOT, "%.1f GiB", os.getTotalMemorySize() / (double) (1L << 30)));
    }
    m.put("system", System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
        + System.getProperty("os.arch") + ")");
    m.put("Java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return m;
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: the core count alone
    }
    return null;
  }

  private static String firstLine(Path file) {
    try {
      return Files.readAllLines(file).stream().findFirst().map(String::trim).filter(s -> !s.isEmpty()).orElse(null);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
