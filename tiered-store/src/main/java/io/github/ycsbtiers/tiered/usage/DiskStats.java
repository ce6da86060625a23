package io.github.ycsbtiers.tiered.usage;

/**
 * One device's line of {@code /proc/diskstats} (the kernel's
 * Documentation/admin-guide/iostats.rst): {@code major minor name} then reads completed, merged,
 * sectors, milliseconds reading, writes completed, merged, sectors, milliseconds writing, I/Os in
 * progress, milliseconds doing I/O, weighted milliseconds doing I/O, and on newer kernels discard
 * and flush fields, which are not read.
 *
 * @param reads reads completed
 * @param writes writes completed
 * @param busyMillis milliseconds during which the device had at least one request in flight ({@code io_ticks})
 * @param weightedMillis each request's milliseconds in flight, summed ({@code time_in_queue}):
 *     over a window, its mean queue
 */
public record DiskStats(String name, long reads, long writes, long busyMillis, long weightedMillis) {
  static final String FILE = "/proc/diskstats";

  /** The line of device {@code major:minor} in {@code diskstats}' text, or null when it has none. */
  public static DiskStats find(String diskstats, int major, int minor) {
    for (String line : diskstats.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 14) {
        continue;
      }
      try {
        if (Integer.parseInt(f[0]) == major && Integer.parseInt(f[1]) == minor) {
          return new DiskStats(f[2], Long.parseLong(f[3]), Long.parseLong(f[7]), Long.parseLong(f[12]),
              Long.parseLong(f[13]));
        }
      } catch (NumberFormatException e) {
        return null; // not the format this reads
      }
    }
    return null;
  }
}
