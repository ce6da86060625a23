package io.github.ycsbtiers.redis.topology;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;

/** The replicas a primary names in its {@code INFO replication}: {@code slaveN:ip=...,port=...,state=online,...}. */
public final class ReplicaDiscovery {
  private ReplicaDiscovery() {
  }

  /** A replica as the primary lists it: its address, whether it is online, and its replication offset. */
  public record Listed(HostAndPort address, boolean online, long offset) {
  }

  /** The online replicas in the order the primary lists them. */
  public static List<HostAndPort> onlineReplicas(String info) {
    List<HostAndPort> replicas = new ArrayList<>();
    for (Listed r : listed(info)) {
      if (r.online()) {
        replicas.add(r.address());
      }
    }
    return replicas;
  }

  /** Every replica the primary lists, in its order. */
  public static List<Listed> listed(String info) {
    List<Listed> replicas = new ArrayList<>();
    for (String line : info.split("\r?\n")) {
      if (!line.startsWith("slave") || line.indexOf(':') < 0 || !Character.isDigit(line.charAt(5))) {
        continue;
      }
      String ip = null;
      int port = -1;
      long offset = -1;
      boolean online = false;
      for (String field : line.substring(line.indexOf(':') + 1).trim().split(",")) {
        if (field.startsWith("ip=")) {
          ip = field.substring(3);
        } else if (field.startsWith("port=")) {
          port = Integer.parseInt(field.substring(5));
        } else if (field.startsWith("offset=")) {
          offset = Long.parseLong(field.substring(7));
        } else if (field.equals("state=online")) {
          online = true;
        }
      }
      if (ip != null && port > 0) {
        replicas.add(new Listed(new HostAndPort(ip, port), online, offset));
      }
    }
    return replicas;
  }

  /** The role line of INFO replication: {@code master} or {@code slave} (null if absent). */
  public static String role(String info) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("role:")) {
        return line.substring(5).trim();
      }
    }
    return null;
  }
}
