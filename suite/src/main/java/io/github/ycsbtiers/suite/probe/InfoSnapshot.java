package io.github.ycsbtiers.suite.probe;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The fields of one INFO reply ({@code name:value} lines; sections and comments dropped). */
public record InfoSnapshot(Map<String, String> fields) {
  /** Prefixes of fields that tiered Redis-compatible stores publish, recorded when present. */
  public static final List<String> TIER_FIELD_PREFIXES = List.of("tier_", "flash_", "pmem_", "disk_", "storage_",
      "rocksdb_", "ram_");
  /** INFO fields that are non-zero while the server is busy with persistence. */
  public static final List<String> BUSY_FIELDS = List.of("loading", "async_loading", "rdb_bgsave_in_progress",
      "aof_rewrite_in_progress", "aof_rewrite_scheduled");

  public InfoSnapshot {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  public static InfoSnapshot parse(String info) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : info.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (line.isEmpty() || line.startsWith("#") || colon <= 0) {
        continue;
      }
      fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
    }
    return new InfoSnapshot(fields);
  }

  /** A field as a number; 0 when absent or not a whole number. */
  public long number(String name) {
    try {
      return Long.parseLong(fields.getOrDefault(name, "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The busy fields that are non-zero, e.g. {@code [rdb_bgsave_in_progress]}; empty when quiet. */
  public List<String> busy() {
    return BUSY_FIELDS.stream().filter(f -> number(f) != 0).toList();
  }
}
