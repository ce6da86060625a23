package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.testing.RedisServerExtension;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DBException;

/** One pool per distinct options, opened whole by the first lease, closed by the last. */
class SharedConnectionsIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void equalOptionsShareOnePoolAndTheLastLeaseClosesIt() throws Exception {
    RedisOptions four = options(4, 1);
    SharedConnections.Lease a = SharedConnections.acquire(four);
    SharedConnections.Lease b = SharedConnections.acquire(options(4, 1));
    assertSame(a.jedis(), b.jedis());
    assertEquals(1, SharedConnections.openPools());
    // the whole pool is open before the first operation, plus the [SERVER] section's INFO
    // connection and the redis-cli asking
    assertEquals(4 + 1 + 1, connectedClients());

    SharedConnections.Lease other = SharedConnections.acquire(options(4, 10));
    assertNotSame(a.jedis(), other.jedis());
    assertEquals(2, SharedConnections.openPools());

    a.close();
    a.close();
    assertEquals(2, SharedConnections.openPools());
    b.close();
    other.close();
    assertEquals(0, SharedConnections.openPools());
    long deadline = System.currentTimeMillis() + 5000;
    while (connectedClients() > 1 && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(1, connectedClients());
  }

  private static RedisOptions options(int poolSize, int fieldCount) throws DBException {
    Properties p = new Properties();
    p.setProperty("redis.host", redis.host());
    p.setProperty("redis.port", Integer.toString(redis.port()));
    p.setProperty("redis.pool.size", Integer.toString(poolSize));
    p.setProperty("fieldcount", Integer.toString(fieldCount));
    return RedisOptions.fromProperties(p, name -> null);
  }

  private static long connectedClients() {
    for (String line : redis.server().info("clients").split("\r?\n")) {
      if (line.startsWith("connected_clients:")) {
        return Long.parseLong(line.substring("connected_clients:".length()).trim());
      }
    }
    throw new AssertionError("no connected_clients in INFO clients");
  }
}
