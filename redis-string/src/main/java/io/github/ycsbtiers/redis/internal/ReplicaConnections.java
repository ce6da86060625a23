package io.github.ycsbtiers.redis.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * A client's connections to the replicas reads go to, per connection index of the primary's: the
 * logical clients that share a primary connection share its replicas' connections too. Opened on
 * first use, all of an index or none. Callers synchronize.
 *
 * @param <C> the client library's connection
 */
final class ReplicaConnections<C> {
  private final Map<Integer, List<C>> byIndex = new HashMap<>();
  private final Consumer<C> closer;

  ReplicaConnections(Consumer<C> closer) {
    this.closer = closer;
  }

  /**
   * {@code primary} followed by the connections of index {@code index} to each of {@code replicas},
   * opened with {@code opener} if new.
   *
   * @throws DBException one line naming the replica that could not be reached
   */
  List<C> withPrimary(C primary, int index, List<HostAndPort> replicas, Function<HostAndPort, C> opener)
      throws DBException {
    List<C> all = new ArrayList<>(1 + replicas.size());
    all.add(primary);
    if (replicas.isEmpty()) {
      return all;
    }
    List<C> mine = byIndex.get(index);
    if (mine == null) {
      mine = new ArrayList<>();
      for (HostAndPort r : replicas) {
        try {
          mine.add(opener.apply(r));
        } catch (RuntimeException e) {
          mine.forEach(closer);
          throw new DBException("cannot connect to redis replica " + r + ": " + e.getMessage(), e);
        }
      }
      byIndex.put(index, mine);
    }
    all.addAll(mine);
    return all;
  }

  /** How many of the replica connections {@code isOpen} says are up. */
  int countOpen(java.util.function.Predicate<C> isOpen) {
    int n = 0;
    for (List<C> list : byIndex.values()) {
      for (C c : list) {
        n += isOpen.test(c) ? 1 : 0;
      }
    }
    return n;
  }

  /** Hands every replica connection to {@code each} with its replica's position (0 for the first replica). */
  void forEach(java.util.function.BiConsumer<Integer, C> each) {
    for (List<C> list : byIndex.values()) {
      for (int i = 0; i < list.size(); i++) {
        each.accept(i, list.get(i));
      }
    }
  }

  /** Closes every replica connection. */
  void close() {
    byIndex.values().forEach(list -> list.forEach(closer));
    byIndex.clear();
  }
}
