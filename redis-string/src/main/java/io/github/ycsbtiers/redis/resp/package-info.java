/**
 * This binding's own RESP2 client on Netty: one connection per logical client, driven by a few
 * event loops, with nothing between an operation and its socket but the command's bytes and a
 * queue of the replies it waits for. The default of the {@code async} engine on a standalone
 * server ({@code redis.client=netty}); Lettuce keeps Cluster, TLS and command templates.
 */
package io.github.ycsbtiers.redis.resp;
