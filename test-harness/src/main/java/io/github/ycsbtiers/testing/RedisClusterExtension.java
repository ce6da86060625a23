package io.github.ycsbtiers.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one {@link RedisCluster} for a test class (beforeAll) and stops it afterwards (afterAll):
 * <pre>{@code
 * @RegisterExtension
 * static final RedisClusterExtension cluster = RedisClusterExtension.threeMasters();
 * }</pre>
 * Register it on a static field: a cluster is too slow to create for every test.
 */
public final class RedisClusterExtension implements BeforeAllCallback, AfterAllCallback {
  private final int masters;
  private final String password;
  private RedisCluster cluster;

  private RedisClusterExtension(int masters, String password) {
    this.masters = masters;
    this.password = password;
  }

  public static RedisClusterExtension threeMasters() {
    return masters(RedisCluster.DEFAULT_MASTERS);
  }

  /** {@code count} masters, at least 1 (one or two are made by hand, see {@link RedisCluster}). */
  public static RedisClusterExtension masters(int count) {
    return new RedisClusterExtension(count, null);
  }

  /** requirepass and masterauth on every node; returns a new extension. */
  public RedisClusterExtension withPassword(String newPassword) {
    return new RedisClusterExtension(masters, newPassword);
  }

  public RedisCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException("Redis Cluster is not running: register the extension on a static "
          + "field with @RegisterExtension");
    }
    return cluster;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    cluster = RedisCluster.start(masters, password);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (cluster != null) {
        cluster.close();
      }
    } finally {
      cluster = null;
    }
  }
}
