/**
 * Number generators for the long-capable core workload. Every one implements
 * {@link io.github.ycsbtiers.runner.workload.generator.SeededLongGenerator}: it draws from the
 * calling client's seeded stream ({@link io.github.ycsbtiers.runner.workload.random.WorkloadRandom})
 * rather than from {@code ThreadLocalRandom} as YCSB core's generators do, with core's formulas, so
 * that a run can be repeated from its seed and its distributions stay those of upstream YCSB:
 * uniform, zipfian and scrambled zipfian (with the zeta function in O(1),
 * {@link io.github.ycsbtiers.runner.workload.generator.ZipfianZeta}), exponential, a histogram of
 * field lengths, {@code latest} over a growing key space
 * ({@link io.github.ycsbtiers.runner.workload.generator.SkewedLatestLongGenerator}) and
 * {@code hotspot} with a 64-bit hot set
 * ({@link io.github.ycsbtiers.runner.workload.generator.HotspotLongGenerator}), and the
 * {@code gaussian} distribution that YCSB core lacks
 * ({@link io.github.ycsbtiers.runner.workload.generator.GaussianLongGenerator}, sized with
 * {@link io.github.ycsbtiers.runner.workload.generator.NormalQuantile}).
 */
package io.github.ycsbtiers.runner.workload.generator;
