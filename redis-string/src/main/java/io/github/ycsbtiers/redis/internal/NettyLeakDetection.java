package io.github.ycsbtiers.redis.internal;

import io.netty.util.ResourceLeakDetector;

/**
 * Netty's buffer leak detection, off for a benchmark unless asked for: at its default level it
 * records a stack trace for one buffer allocation in 128, which a client at 300,000 commands per
 * second pays for in its measured CPU (about 1% of the event loops' time, measured with perf).
 * {@code -Dio.netty.leakDetection.level=...} on the JVM keeps whatever level it names.
 */
final class NettyLeakDetection {
  private static final String PROPERTY = "io.netty.leakDetection.level";

  private NettyLeakDetection() {
  }

  /** Turns leak detection off, once per JVM, unless the JVM was started with a level of its own. */
  static void offUnlessAsked() {
    if (System.getProperty(PROPERTY) == null && System.getProperty("io.netty.leakDetectionLevel") == null) {
      ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }
  }
}
