package io.github.ycsbtiers.tiered.usage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The block device a path is on, as {@code /proc/diskstats} names it: the device of the path's
 * file system ({@code st_dev}), or, for a file system whose device number is not a block device's
 * (btrfs, overlay), the device its mount names in {@code /proc/self/mountinfo}.
 */
public record BlockDevice(String name, int major, int minor) {

  /** The label reports give it: {@code vda (254:0)}. */
  public String label() {
    return name + " (" + major + ":" + minor + ")";
  }

  /** The device of {@code path}, or null when none is found (not Linux, tmpfs, a network file system). */
  public static BlockDevice of(Path path) {
    try {
      String diskstats = Files.readString(Path.of(DiskStats.FILE));
      Path real = path.toRealPath();
      BlockDevice d = find(diskstats, ((Number) Files.getAttribute(real, "unix:dev")).longValue());
      if (d != null) {
        return d;
      }
      String source = MountInfo.sourceOf(Files.readString(Path.of("/proc/self/mountinfo")), real.toString());
      if (source != null && source.startsWith("/dev/")) {
        return find(diskstats, ((Number) Files.getAttribute(Path.of(source), "unix:rdev")).longValue());
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null; // no /proc, no unix: attributes: no device figures
    }
  }

  /** The device numbered {@code dev} (Linux's encoding of {@code dev_t}) in {@code diskstats}, or null. */
  static BlockDevice find(String diskstats, long dev) {
    int major = (int) (((dev >>> 32) & 0xfffff000L) | ((dev >>> 8) & 0xfffL));
    int minor = (int) (((dev >>> 12) & 0xffffff00L) | (dev & 0xffL));
    DiskStats s = DiskStats.find(diskstats, major, minor);
    return s == null ? null : new BlockDevice(s.name(), major, minor);
  }

  /** One reading of this device; null when it cannot be read. */
  DiskStats read() {
    try {
      return DiskStats.find(Files.readString(Path.of(DiskStats.FILE)), major, minor);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
