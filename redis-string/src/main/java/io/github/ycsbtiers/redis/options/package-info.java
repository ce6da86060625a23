/**
 * The settings of the redis-string binding: {@link io.github.ycsbtiers.redis.options.RedisOptions},
 * parsed once from the YCSB properties and checked before any connection is made, and the enums of
 * its choices. Depends on nothing else of the binding.
 */
package io.github.ycsbtiers.redis.options;
