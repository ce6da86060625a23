/**
 * What the embedded store used of the machine over a window, for the runner's bottleneck verdict:
 * the CPU of its own threads (its loops, its I/O pool, RocksDB's background threads) from
 * {@code /proc/self/task}, and its device's busy time and queue from {@code /proc/diskstats}.
 * {@link io.github.ycsbtiers.tiered.usage.BlockDevice} finds the device a path is on,
 * {@link io.github.ycsbtiers.tiered.usage.DiskStats} and
 * {@link io.github.ycsbtiers.tiered.usage.ThreadCpu} parse one reading,
 * {@link io.github.ycsbtiers.tiered.usage.UsageProbe} takes readings and
 * {@link io.github.ycsbtiers.tiered.usage.Usage} is what two of them say. Linux only: elsewhere, or
 * where a file cannot be read, a figure is unknown, never an error. Knows nothing of YCSB.
 */
package io.github.ycsbtiers.tiered.usage;
