/**
 * {@code -threads auto}: the client count of a run phase found by a closed-loop ramp of 1, 2, 4, ...
 * logical clients ({@link io.github.ycsbtiers.runner.ramp.RampOptions} reads its settings, {@link
 * io.github.ycsbtiers.runner.ramp.RampRule} decides when it stops); the phase is then run with the
 * chosen count. The suite's {@code --connections auto} applies the same rule across processes.
 */
package io.github.ycsbtiers.runner.ramp;
