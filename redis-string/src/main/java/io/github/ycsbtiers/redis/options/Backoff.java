package io.github.ycsbtiers.redis.options;

/**
 * The pauses of a client while the server cannot be reached, in milliseconds: the first after a
 * connection failure ({@code redis.backoff.min}), doubling up to the longest ({@code redis.backoff.max}).
 */
public record Backoff(int minMillis, int maxMillis) {
}
