package io.github.ycsbtiers.tiered.usage;

import java.nio.file.Path;
import java.util.Map;

/**
 * Takes readings of what one store uses: the CPU of the threads named for it (its loops, its I/O
 * pool, RocksDB's background threads) and its device's counters. Thread-safe; a reading reads
 * {@code /proc}, so it is taken per report and per timeline row, never per operation.
 */
public final class UsageProbe {
  /** RocksDB names its background threads {@code rocksdb:low}, {@code rocksdb:high} and the like. */
  static final String ENGINE_PREFIX = "rocksdb:";
  private final String loopPrefix;
  private final String ioPrefix;
  private final BlockDevice device;

  /**
   * @param threadPrefix the start of the store's threads' names ({@code tiered}: {@code tiered-loop-0}, {@code tiered-io-0})
   * @param device the store's device, or null
   */
  public UsageProbe(String threadPrefix, BlockDevice device) {
    this.loopPrefix = threadPrefix + "-loop-";
    this.ioPrefix = threadPrefix + "-io-";
    this.device = device;
  }

  /** A probe of the store at {@code path}, whose threads' names start with {@code threadPrefix}. */
  public static UsageProbe of(String threadPrefix, Path path) {
    return new UsageProbe(threadPrefix, BlockDevice.of(path));
  }

  /** One reading, now. */
  public Sample sample() {
    Map<Integer, ThreadCpu.Ticks> threads = ThreadCpu.read(n -> n.startsWith(loopPrefix) || n.startsWith(ioPrefix)
        || n.startsWith(ENGINE_PREFIX));
    return new Sample(System.nanoTime(), threads, device == null ? null : device.read());
  }

  /** What the store used from {@code from} to {@code to}. */
  public Usage between(Sample from, Sample to) {
    return Usage.between(from, to, loopPrefix, device == null ? null : device.label());
  }

  /**
   * @param threads the store's threads' CPU by thread id, null when unknown
   * @param disk the device's counters, null when unknown
   */
  public record Sample(long nanos, Map<Integer, ThreadCpu.Ticks> threads, DiskStats disk) {
  }
}
