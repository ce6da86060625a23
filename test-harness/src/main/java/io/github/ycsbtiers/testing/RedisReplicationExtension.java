package io.github.ycsbtiers.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one {@link RedisReplication} for a test class (beforeAll) and stops it afterwards (afterAll):
 * <pre>{@code
 * @RegisterExtension
 * static final RedisReplicationExtension redis = RedisReplicationExtension.replicas(2).withSentinels(3);
 * }</pre>
 */
public final class RedisReplicationExtension implements BeforeAllCallback, AfterAllCallback {
  private final int replicas;
  private final int sentinels;
  private RedisReplication replication;

  private RedisReplicationExtension(int replicas, int sentinels) {
    this.replicas = replicas;
    this.sentinels = sentinels;
  }

  /** A primary with {@code count} replicas. */
  public static RedisReplicationExtension replicas(int count) {
    return new RedisReplicationExtension(count, 0);
  }

  /** {@code count} Sentinels monitoring the primary too; returns a new extension. */
  public RedisReplicationExtension withSentinels(int count) {
    return new RedisReplicationExtension(replicas, count);
  }

  public RedisReplication replication() {
    if (replication == null) {
      throw new IllegalStateException("the replicated servers are not running: register the extension on a static "
          + "field with @RegisterExtension");
    }
    return replication;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    replication = RedisReplication.start(replicas, sentinels);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (replication != null) {
        replication.close();
      }
    } finally {
      replication = null;
    }
  }
}
