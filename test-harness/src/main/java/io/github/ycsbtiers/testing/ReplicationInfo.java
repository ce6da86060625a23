package io.github.ycsbtiers.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** Reads {@code INFO replication} and Sentinel's flat field/value replies. */
final class ReplicationInfo {
  private ReplicationInfo() {
  }

  /** {@code name:value} lines as a map. */
  static Map<String, String> parse(String info) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : info.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return fields;
  }

  /** A reply of alternating names and values, one a line (SENTINEL MASTER), as a map. */
  static Map<String, String> pairs(String reply) {
    String[] lines = reply.split("\r?\n");
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i + 1 < lines.length; i += 2) {
      fields.put(lines[i], lines[i + 1]);
    }
    return fields;
  }

  /**
   * Whether a primary's INFO shows exactly {@code replicas} replicas, each online and at the
   * primary's own offset (they have applied all it wrote).
   */
  static boolean onlineAtOffset(Map<String, String> primary, int replicas) {
    if (!String.valueOf(replicas).equals(primary.get("connected_slaves"))) {
      return false;
    }
    String offset = "offset=" + primary.get("master_repl_offset") + ",";
    for (int i = 0; i < replicas; i++) {
      String slave = primary.get("slave" + i);
      if (slave == null || !slave.contains("state=online") || !(slave + ",").contains(offset)) {
        return false;
      }
    }
    return true;
  }
}
