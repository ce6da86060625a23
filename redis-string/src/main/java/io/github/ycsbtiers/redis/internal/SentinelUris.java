package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.Sentinels;
import io.lettuce.core.RedisURI;
import io.lettuce.core.StaticCredentialsProvider;
import java.time.Duration;
import redis.clients.jedis.HostAndPort;

/**
 * Lettuce's way to the primary the Sentinels name: a URI of the master name and the Sentinels
 * (each with the Sentinels' own credentials), which Lettuce resolves again at every reconnection,
 * so that a connection lost with a failed primary comes back on the promoted one.
 */
final class SentinelUris {
  private SentinelUris() {
  }

  /** {@code tls}: the Sentinels are reached over TLS, checked against the CA as the servers are. */
  static RedisURI.Builder primary(Sentinels s, Duration timeout, boolean tls) {
    RedisURI.Builder b = RedisURI.builder().withSentinelMasterId(s.master());
    for (HostAndPort at : s.addresses()) {
      RedisURI.Builder sentinel = RedisURI.builder().withHost(at.getHost()).withPort(at.getPort()).withTimeout(timeout);
      if (tls) {
        sentinel.withSsl(true).withVerifyPeer(io.lettuce.core.SslVerifyMode.CA);
      }
      if (s.password() != null) {
        sentinel.withAuthentication(new StaticCredentialsProvider(s.user(), s.password().toCharArray()));
      }
      b.withSentinel(sentinel.build());
    }
    return b;
  }
}
