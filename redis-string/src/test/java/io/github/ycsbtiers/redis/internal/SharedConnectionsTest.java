package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbtiers.redis.options.RedisOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

/** What needs no server: a closed port fails every acquire with one line and leaves no pool behind. */
class SharedConnectionsTest {
  @Test
  void closedPortFailsEveryThreadWithTheSameLineAndKeepsNoPool() throws Exception {
    int port = closedPort();
    Properties p = new Properties();
    p.setProperty("redis.port", Integer.toString(port));
    p.setProperty("redis.pool.size", "8");
    RedisOptions options = RedisOptions.fromProperties(p, name -> null);
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        results.add(threads.submit(() -> assertThrows(DBException.class,
            () -> SharedConnections.acquire(options)).getMessage()));
      }
      for (Future<String> r : results) {
        assertEquals("cannot connect to redis at 127.0.0.1:" + port + ": Connection refused", r.get());
      }
    } finally {
      threads.shutdownNow();
    }
    assertEquals(0, SharedConnections.openPools());
  }

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
