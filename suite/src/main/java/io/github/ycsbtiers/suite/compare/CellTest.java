package io.github.ycsbtiers.suite.compare;

/**
 * The test a cell's figure got.
 *
 * @param seconds false: a permutation test on the per-round values; true: on batch means of the
 *     per-second throughputs
 * @param oldSamples the old run's values tested (rounds, or batches)
 * @param newSamples the new run's
 * @param p the two-sided p-value
 * @param smallestP the smallest p-value these sample sizes can give
 * @param exact whether every split was counted (else 20,000 random splits)
 * @param batchSeconds the batch length in seconds; 0 for a test on rounds
 * @param autocorrelation the lag-1 autocorrelation of the batch means; NaN for a test on rounds
 * @param note why the seconds were not used, or null
 */
public record CellTest(boolean seconds, int oldSamples, int newSamples, double p, double smallestP, boolean exact,
    int batchSeconds, double autocorrelation, String note) {
}
