/**
 * Number generators for the long-capable core workload, written where YCSB core's own are limited
 * to 32 bits or too slow to start at billions of records: the zeta function of the zipfian
 * distribution in O(1) ({@link io.github.ycsbtiers.runner.workload.generator.ZipfianZeta}), the
 * {@code latest} distribution over a growing key space
 * ({@link io.github.ycsbtiers.runner.workload.generator.SkewedLatestLongGenerator}) and the
 * {@code hotspot} distribution with a 64-bit hot set
 * ({@link io.github.ycsbtiers.runner.workload.generator.HotspotLongGenerator}), and the
 * {@code gaussian} distribution that YCSB core lacks
 * ({@link io.github.ycsbtiers.runner.workload.generator.GaussianLongGenerator}, sized with
 * {@link io.github.ycsbtiers.runner.workload.generator.NormalQuantile}). Everything else is
 * reused from {@code site.ycsb.generator}.
 */
package io.github.ycsbtiers.runner.workload.generator;
