/**
 * What the client itself was during a run: the shape of the load it put on the server (logical
 * clients, connections, operations in flight per connection, engine threads), stated before the
 * run starts, and its own cost (CPU time per operation, cores used) over the measured phase,
 * reported in the {@code [CLIENT]} section with a warning when the client may have been the
 * bottleneck.
 */
package io.github.ycsbtiers.runner.shape;
