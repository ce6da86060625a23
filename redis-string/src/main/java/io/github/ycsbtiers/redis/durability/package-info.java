/**
 * What the server must still hold after a failover: the writes the client saw acknowledged
 * ({@link io.github.ycsbtiers.redis.durability.WriteLedger}: per key the hash of the last value
 * acknowledged, never the value) and the check, after the run, of every such key against the
 * primary of the end ({@link io.github.ycsbtiers.redis.durability.LostWriteCheck}), reported as
 * {@code [LOST-WRITES]}. Knows no client library but the Jedis connection the check reads with.
 */
package io.github.ycsbtiers.redis.durability;
