package io.github.ycsbtiers.redis.options;

import java.util.Arrays;
import java.util.Locale;

/**
 * Where reads go: the value of {@code redis.read_from}, named as Lettuce's {@code ReadFrom} is.
 * Writes always go to the primary.
 */
public enum ReadFrom {
  /** Every read on the primary (the default, and the only choice before replicas were known). */
  PRIMARY,
  /** Reads spread in turn over the replicas; none on the primary. */
  REPLICA,
  /** Reads on the replicas in turn, on the primary while none of them answers. */
  REPLICA_PREFERRED,
  /** Each read on the endpoint with the lowest recent latency, primary included. */
  NEAREST,
  /** Reads spread in turn over the primary and the replicas. */
  ANY;

  /** The property value naming this choice: lower case, words joined by '-'. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Every property value, in declaration order. */
  static String[] propertyValues() {
    return Arrays.stream(values()).map(ReadFrom::propertyValue).toArray(String[]::new);
  }

  static ReadFrom of(String propertyValue) {
    for (ReadFrom r : values()) {
      if (r.propertyValue().equals(propertyValue)) {
        return r;
      }
    }
    throw new IllegalArgumentException(propertyValue);
  }

  /** Whether reads may need replicas: every choice but {@link #PRIMARY}. */
  public boolean usesReplicas() {
    return this != PRIMARY;
  }

  /** Whether reads fail without a replica (rather than falling back to the primary). */
  public boolean needsReplicas() {
    return this == REPLICA;
  }
}
