/**
 * The YCSB binding {@code redis-string} (alias {@code redis}): {@link
 * io.github.ycsbtiers.redis.RedisClient}, String (SET/GET) and Hash command groups over Jedis,
 * standalone or Cluster, with TLS and ACL users. See the module README for its properties.
 */
package io.github.ycsbtiers.redis;
