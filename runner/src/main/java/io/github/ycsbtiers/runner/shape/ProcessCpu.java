package io.github.ycsbtiers.runner.shape;

import java.lang.management.ManagementFactory;

/**
 * CPU time (user and system, every thread) this JVM process has used so far, as the operating
 * system counts it: on Linux the same figure as {@code /proc/self/stat}'s utime + stime, at
 * nanosecond rather than clock-tick resolution.
 */
public final class ProcessCpu {
  private ProcessCpu() {
  }

  /** Nanoseconds of CPU time used by the process so far, or -1 where the JVM cannot tell. */
  public static long nanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
