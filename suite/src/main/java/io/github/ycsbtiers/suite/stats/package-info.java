/**
 * The statistics behind the suite's verdicts, on plain arrays of numbers: Student's t quantiles
 * ({@link io.github.ycsbtiers.suite.stats.StudentT}), the geometric mean with its interval
 * ({@link io.github.ycsbtiers.suite.stats.GeometricMean}, {@link io.github.ycsbtiers.suite.stats.Interval}),
 * the two-sample permutation test ({@link io.github.ycsbtiers.suite.stats.PermutationTest}) and batch
 * means of autocorrelated per-second series ({@link io.github.ycsbtiers.suite.stats.BatchMeans}).
 * Imports nothing else of the suite and no library.
 */
package io.github.ycsbtiers.suite.stats;
