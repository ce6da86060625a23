/**
 * The command-capable side of the {@code redis} binding ({@link io.github.ycsbtiers.api.CommandDb},
 * {@link io.github.ycsbtiers.api.AsyncCommandDb}): one command given as byte arrays, or a batch as
 * a pipeline or inside MULTI/EXEC, over the binding's shared Jedis pool or Lettuce connection,
 * standalone or Cluster (the slot of {@code args[1]} decides the node). Connections, TLS and ACL
 * are the binding's; this package only sends commands and turns replies into a status.
 */
package io.github.ycsbtiers.redis.command;
