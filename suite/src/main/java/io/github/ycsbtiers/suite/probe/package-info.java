/**
 * Talks to a remote target's server between phases: PING before any phase, INFO snapshots before
 * and after each phase (keyspace hits and misses, memory, tier fields) and for settling (loading,
 * save or rewrite in progress), FLUSHALL before a Load.
 */
package io.github.ycsbtiers.suite.probe;
