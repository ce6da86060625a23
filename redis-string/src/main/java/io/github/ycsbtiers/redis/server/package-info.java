/**
 * The {@code [SERVER]} report section: the server's own counters ({@code INFO}) over the measured
 * phase. {@link io.github.ycsbtiers.redis.server.ServerWindow} takes an INFO of every master at the
 * start of measuring and at the end of the phase on connections of its own, once per process;
 * {@link io.github.ycsbtiers.redis.server.InfoSnapshot} parses one reply and
 * {@link io.github.ycsbtiers.redis.server.ServerSection} turns two sets of them into the section.
 */
package io.github.ycsbtiers.redis.server;
