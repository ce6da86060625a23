package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.testing.RedisClusterExtension;
import io.lettuce.core.cluster.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Cluster node connection that Lettuce opens while commands wait for it takes them all. Lettuce
 * resolves a password given as a plain RedisURI password on another thread (a new one per
 * connection on a 2-core machine), and its hand-shake then may end on that thread: the connection
 * is handed over before its event loop has marked it connected, and with {@code
 * disconnectedBehavior=REJECT_COMMANDS} the commands that waited for it failed with "Currently not
 * connected" (about one node connection in a few hundred, one ERROR in a run now and then). The
 * binding gives Lettuce the credentials as an immediate provider, so the hand-shake runs on the
 * event loop from start to end.
 */
class LettuceHandshakeIT {
  private static final String PASSWORD = "handshake-Secret-5";
  /** Cluster connections, each opening a node connection to every master with commands waiting. */
  private static final int CONNECTIONS = 1_000;
  private static final int THREADS = 4;
  /** A key in each master's slots (redis-cli gives three masters 0-5460, 5461-10922 and 10923-16383). */
  private static final byte[][] KEYS = {key(0), key(6_000), key(12_000)};

  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters().withPassword(PASSWORD);

  @Test
  void commandsWaitingForANewNodeConnectionAreAllWritten() throws Exception {
    Properties p = new Properties();
    p.setProperty("redis.host", String.join(",", redis.cluster().seeds()));
    p.setProperty("redis.cluster", "true");
    p.setProperty("redis.password", PASSWORD);
    p.setProperty("redis.client", "lettuce");
    p.setProperty("threadcount", Integer.toString(CONNECTIONS));
    p.setProperty("redis.connections", Integer.toString(CONNECTIONS));
    p.setProperty("runner.engine.threads", "2");
    p.setProperty("redis.pool.size", "1");
    RedisOptions options = RedisOptions.fromProperties(p, name -> null);
    assertEquals(2, options.eventLoopThreads());
    List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    try (LettuceClient client = LettuceClient.open(options)) {
      // several threads at once, as a run's clients start: the event loops are busy when a
      // hand-shake ends, which widens the window Lettuce left open
      java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(THREADS);
      try {
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          int first = t;
          done.add(threads.submit(() -> {
            for (int i = first; i < CONNECTIONS; i += THREADS) {
              failures.addAll(setOnEveryMaster(client, i));
            }
            return null;
          }));
        }
        for (java.util.concurrent.Future<?> d : done) {
          d.get();
        }
      } finally {
        threads.shutdownNow();
      }
    }
    assertEquals(List.of(), failures, failures.size() + " of " + 3 * CONNECTIONS + " SETs failed");
  }

  /** Opens connection {@code i} and at once writes a key on every master; returns the failures. */
  private static List<String> setOnEveryMaster(LettuceClient client, int i) throws Exception {
    LettuceConnection connection = client.connection(i);
    List<CompletableFuture<String>> sets = new ArrayList<>();
    for (byte[] key : KEYS) {
      sets.add(connection.commands().set(key, key).toCompletableFuture());
    }
    List<String> failures = new ArrayList<>();
    for (CompletableFuture<String> set : sets) {
      try {
        set.get(10, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        failures.add("connection " + i + ": " + e.getCause());
      }
    }
    return failures;
  }

  /** A key whose slot is at least {@code minSlot}, found by trying names in turn. */
  private static byte[] key(int minSlot) {
    for (int i = 0; ; i++) {
      byte[] key = ("handshake-" + i).getBytes(StandardCharsets.UTF_8);
      int slot = SlotHash.getSlot(key);
      if (slot >= minSlot && slot < minSlot + 4_000) {
        return key;
      }
    }
  }
}
