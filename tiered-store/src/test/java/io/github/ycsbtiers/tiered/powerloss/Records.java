package io.github.ycsbtiers.tiered.powerloss;

import io.github.ycsbtiers.api.RecordLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The records of the power-loss test. A key's state is what its record must be: {@link #ABSENT},
 * or one version per field, written {@code "3.3.7.3"}; a field's value is derived from the key,
 * the field and its version, so that a state names its record exactly and a stored record names
 * its state.
 */
final class Records {
  static final int FIELDS = 4;
  static final int FIELD_BYTES = 40;
  static final String ABSENT = "-";

  private Records() {
  }

  static String fieldName(int field) {
    return "field" + field;
  }

  /** The value of {@code field} at {@code version}: {@code key/field/version/} and filler. */
  static byte[] value(String key, int field, long version) {
    StringBuilder sb = new StringBuilder(FIELD_BYTES).append(key).append('/').append(field).append('/')
        .append(version).append('/');
    long h = (key.hashCode() * 31L + field) * 1_000_003L + version;
    while (sb.length() < FIELD_BYTES) {
      h = h * 6364136223846793005L + 1442695040888963407L;
      sb.append((char) ('a' + (int) ((h >>> 33) % 26)));
    }
    sb.setLength(FIELD_BYTES);
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  static String state(long[] versions) {
    StringBuilder sb = new StringBuilder();
    for (long v : versions) {
      sb.append(sb.length() == 0 ? "" : ".").append(v);
    }
    return sb.toString();
  }

  /** Versions of a state; null for {@link #ABSENT}. */
  static long[] versions(String state) {
    return state.equals(ABSENT) ? null : Arrays.stream(state.split("\\.")).mapToLong(Long::parseLong).toArray();
  }

  /**
   * The state a stored record is in; {@link #ABSENT} for null; for a record that is no state of
   * the test's (torn, foreign, missing a field), a description starting with {@code !}.
   */
  static String stateOf(String key, byte[] stored) {
    if (stored == null) {
      return ABSENT;
    }
    try {
      return stateOf(key, RecordLayout.decode(stored));
    } catch (IllegalArgumentException e) {
      return "!not a record: " + e.getMessage();
    }
  }

  /** As {@link #stateOf(String, byte[])}, for a decoded record. */
  static String stateOf(String key, Map<String, byte[]> fields) {
    if (fields.size() != FIELDS) {
      return "!" + fields.size() + " fields: " + fields.keySet();
    }
    long[] versions = new long[FIELDS];
    for (int f = 0; f < FIELDS; f++) {
      byte[] v = fields.get(fieldName(f));
      if (v == null) {
        return "!no " + fieldName(f) + ": " + fields.keySet();
      }
      String text = new String(v, StandardCharsets.US_ASCII);
      String[] parts = text.split("/");
      try {
        versions[f] = Long.parseLong(parts[2]);
      } catch (RuntimeException e) {
        return "!" + fieldName(f) + " is not a value of the test: " + text;
      }
      if (!Arrays.equals(v, value(key, f, versions[f]))) {
        return "!" + fieldName(f) + " is not " + key + "'s: " + text;
      }
    }
    return state(versions);
  }

  /** The fields to write: {@code fields} of them, each at {@code version}. */
  static Map<String, byte[]> fields(String key, int[] fields, long version) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (int f : fields) {
      out.put(fieldName(f), value(key, f, version));
    }
    return out;
  }
}
