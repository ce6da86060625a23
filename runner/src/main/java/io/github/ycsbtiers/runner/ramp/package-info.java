/**
 * {@code -threads auto}: the client count of a run phase found by a closed-loop ramp of 1, 2, 4, ...
 * logical clients ({@link io.github.ycsbtiers.runner.ramp.RampOptions} reads its settings; the api's
 * {@link io.github.ycsbtiers.api.ramp.RampRule}, which the suite's {@code --connections auto} uses
 * too, decides when it stops and which count to keep); the phase is then run with the chosen count.
 */
package io.github.ycsbtiers.runner.ramp;
