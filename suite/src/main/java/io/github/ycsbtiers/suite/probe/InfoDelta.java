package io.github.ycsbtiers.suite.probe;

import java.util.Map;
import java.util.TreeMap;

/** What changed on a remote target during one phase, from INFO before and after it. */
public record InfoDelta(long hits, long misses, long usedMemory, long maxmemory, long evictedKeys,
    Map<String, String> tierFields) {

  public static InfoDelta between(InfoSnapshot before, InfoSnapshot after) {
    Map<String, String> tier = new TreeMap<>();
    after.fields().forEach((name, value) -> {
      if (InfoSnapshot.TIER_FIELD_PREFIXES.stream().anyMatch(name::startsWith)) {
        tier.put(name, value);
      }
    });
    return new InfoDelta(after.number("keyspace_hits") - before.number("keyspace_hits"),
        after.number("keyspace_misses") - before.number("keyspace_misses"), after.number("used_memory"),
        after.number("maxmemory"), after.number("evicted_keys") - before.number("evicted_keys"), tier);
  }

  /** hits / (hits + misses) over the phase; null without look-ups (a Load of SETs). */
  public Double hitRatio() {
    long lookups = hits + misses;
    return lookups == 0 ? null : (double) hits / lookups;
  }

  /** The figures for {@code PhaseResult.details}, prefixed {@code info.}. */
  public Map<String, String> details() {
    Map<String, String> d = new TreeMap<>();
    d.put("info.keyspace_hits.delta", Long.toString(hits));
    d.put("info.keyspace_misses.delta", Long.toString(misses));
    d.put("info.used_memory.after", Long.toString(usedMemory));
    d.put("info.maxmemory", Long.toString(maxmemory));
    d.put("info.evicted_keys.delta", Long.toString(evictedKeys));
    tierFields.forEach((k, v) -> d.put("info." + k, v));
    return d;
  }
}
