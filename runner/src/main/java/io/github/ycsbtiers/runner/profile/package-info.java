/**
 * Rate profiles ({@code target.profile}): a phase's offered load as segments over time (a
 * constant rate, a linear ramp, a staircase, a sine wave, a recorded trace), the pure schedule
 * that says when the n-th operation is due ({@link io.github.ycsbtiers.runner.profile.RateSchedule}),
 * and the options read once from the properties ({@link io.github.ycsbtiers.runner.profile.ProfileOptions}).
 * Knows nothing of the engines, which pace their clients by it.
 */
package io.github.ycsbtiers.runner.profile;
