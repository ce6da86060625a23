/**
 * Latency and return-code measurement with 64-bit counts: the per-thread timing decorator around a
 * binding, the registry of output sections (built on core's histogram classes), and the
 * end-of-run report in upstream YCSB's format.
 */
package io.github.ycsbtiers.runner.measure;
